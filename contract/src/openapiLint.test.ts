import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');

interface LintTotals {
  errors: number;
  warnings: number;
}

/** `redocly lint` with the repository's redocly.yaml (the `recommended` ruleset); its totals and problems. */
const lint = async (file: string): Promise<{ totals: LintTotals; problems: string[] }> => {
  const run = await promisify(execFile)(
    process.execPath,
    [cli, 'lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'json'],
    {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
      // No telemetry or update check: tests make no outside calls.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(run.stdout) as {
    totals: LintTotals;
    problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
  };
  return {
    totals: report.totals,
    problems: report.problems.map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`),
  };
};

it('docs/openapi.json passes Redocly’s recommended ruleset without an error or a warning', async () => {
  const { totals, problems } = await lint(path.join(root, 'docs/openapi.json'));
  expect(problems).toEqual([]);
  expect(totals).toMatchObject({ errors: 0, warnings: 0 });
}, 120_000);

it('the lint catches an operation without a summary or security', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-lint-'));
  const file = path.join(dir, 'broken.json');
  const doc = JSON.parse(fs.readFileSync(path.join(root, 'docs/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const knock = doc.paths['/api/user/knock']?.post as Record<string, unknown>;
  delete knock.summary;
  delete knock.security;
  fs.writeFileSync(file, JSON.stringify({ ...doc, paths: { '/api/user/knock': { post: knock } } }));
  try {
    const { totals, problems } = await lint(file);
    expect(totals.errors).toBeGreaterThan(0);
    expect(problems.join('\n')).toMatch(/operation-summary/);
    expect(problems.join('\n')).toMatch(/security-defined/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
