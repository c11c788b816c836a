import { beforeAll, describe, expect, it } from 'vitest';
import { needPart } from '../../../i18n/i18n.ts';
import { crumbsOf, joinPath, nameOf, parentOf, previewKindOf } from './repoPath.ts';

// The top folder's name is the back office's word (the source language's, as a page starts).
beforeAll(() => needPart('admin'));

describe('repository paths on the file page', () => {
  it('joins, splits and names paths', () => {
    expect(joinPath('', 'a.md')).toBe('a.md');
    expect(joinPath('docs/x', 'a.md')).toBe('docs/x/a.md');
    expect(parentOf('docs/x/a.md')).toBe('docs/x');
    expect(parentOf('a.md')).toBe('');
    expect(nameOf('docs/x/a.md')).toBe('a.md');
  });

  it('gives breadcrumbs from the top folder down', () => {
    expect(crumbsOf('')).toEqual([{ name: '根目录', path: '' }]);
    expect(crumbsOf('a/b')).toEqual([
      { name: '根目录', path: '' },
      { name: 'a', path: 'a' },
      { name: 'b', path: 'a/b' },
    ]);
  });

  it('knows which files the browser can show', () => {
    expect(previewKindOf('p/photo.JPG')).toBe('image');
    expect(previewKindOf('clip.webm')).toBe('video');
    expect(previewKindOf('song.flac')).toBe('audio');
    expect(previewKindOf('README.md')).toBe('markdown');
    expect(previewKindOf('notes.txt')).toBe('text');
    expect(previewKindOf('archive.zip')).toBe('none');
  });
});
