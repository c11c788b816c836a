import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@candy/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { realPathInside, safeJoin, safeRelativePath } from './safePath.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-safepath-'));
const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-outside-'));
fs.mkdirSync(path.join(root, 'frontend'));
fs.writeFileSync(path.join(root, 'frontend/a.png'), 'x');
fs.symlinkSync(outside, path.join(root, 'frontend/escape'));
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? { code: error.code, property: error.errors?.[0]?.property } : error;
  }
  return 'accepted';
};

describe('safeJoin', () => {
  it.each([
    ['frontend/a.png', 'frontend/a.png'],
    ['frontend//a.png', 'frontend/a.png'],
    ['./frontend/./a.png', 'frontend/a.png'],
    ['frontend/', 'frontend'],
    ['', ''],
    ['照片/猫.jpg', '照片/猫.jpg'],
    ['a..b/c', 'a..b/c'],
  ])('accepts %j as %j under the root', (requested, expected) => {
    expect(safeJoin(root, requested)).toBe(path.join(root, expected));
  });

  it.each([
    ['../etc/passwd'],
    ['frontend/../../etc/passwd'],
    ['..'],
    ['/etc/passwd'],
    ['frontend\\..\\..\\secret'],
    ['C:/Windows'],
    ['frontend/%2e%2e/%2e%2e/etc'],
    ['%2e%2e%2fetc'],
    ['%2fetc%2fpasswd'],
    ['frontend/a.png\u0000.txt'],
    ['.env'],
    ['frontend/.git/config'],
    ['x'.repeat(2000)],
  ])('refuses %j with 4000 on the field', (requested) => {
    expect(refusal(() => safeJoin(root, requested, 'path'))).toEqual({
      code: ErrorCode.validation,
      property: 'path',
    });
  });

  it('allows dotfiles when asked', () => {
    expect(safeJoin(root, '.gitignore', 'path', { allowDotfiles: true })).toBe(path.join(root, '.gitignore'));
  });

  it('names the field it was given', () => {
    expect(refusal(() => safeJoin(root, '../x', 'sourcePath'))).toMatchObject({ property: 'sourcePath' });
  });
});

describe('safeRelativePath', () => {
  it.each([
    ['frontend//img/./a.png', 'frontend/img/a.png'],
    ['', ''],
  ])('normalises %j to %j', (requested, expected) => {
    expect(safeRelativePath(requested)).toBe(expected);
  });

  it('refuses traversal', () => {
    expect(refusal(() => safeRelativePath('a/../../b'))).toMatchObject({ code: ErrorCode.validation });
  });
});

describe('realPathInside', () => {
  it('accepts a file inside the root, existing or not', async () => {
    await expect(realPathInside(root, 'frontend/a.png')).resolves.toBe(path.join(root, 'frontend/a.png'));
    await expect(realPathInside(root, 'frontend/new/b.png')).resolves.toBe(
      path.join(root, 'frontend/new/b.png'),
    );
  });

  it.each([['frontend/escape'], ['frontend/escape/stolen.txt']])(
    'refuses %j, which leads outside through a symlink',
    async (requested) => {
      await expect(realPathInside(root, requested)).rejects.toMatchObject({ code: ErrorCode.validation });
    },
  );
});
