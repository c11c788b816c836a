// @vitest-environment happy-dom
// What marked produces; the sanitising half is tested in Chromium (e2e/tests/public-markdown.spec.ts)
// because DOMPurify does not support happy-dom.
import { describe, expect, it } from 'vitest';
import { markdownToUnsafeHtml } from './renderMarkdown.ts';
import { isExternalHref } from './sanitize.ts';

const render = (source: string): HTMLElement => {
  const root = document.createElement('template');
  root.innerHTML = markdownToUnsafeHtml(source);
  const div = document.createElement('div');
  div.append(root.content.cloneNode(true));
  return div;
};

describe('markdownToUnsafeHtml', () => {
  it('starts an essay’s headings at <h2>: its page has its own <h1> (issue 41.12)', () => {
    const html = markdownToUnsafeHtml('# 春天\n\n## 花\n\n###### 叶', { topHeading: 2 });
    expect(html).toContain('<h2>春天</h2>');
    expect(html).toContain('<h3>花</h3>');
    // There is no <h7>: the deepest stays the deepest.
    expect(html).toContain('<h6>叶</h6>');
    expect(html).not.toContain('<h1');
    // A text that is its page (the about page) keeps its own levels.
    expect(markdownToUnsafeHtml('# 关于')).toContain('<h1>关于</h1>');
  });

  it('turns [music:<id>] on its own line into a music slot', () => {
    const root = render('before\n\n[music:1901371647]\n\nafter');
    expect(root.querySelector('[data-music-id]')?.getAttribute('data-music-id')).toBe('1901371647');
    expect(root.textContent).not.toContain('[music:');
  });

  it('leaves [music:<id>] inside a sentence as text', () => {
    const root = render('listen to [music:42] now');
    expect(root.querySelector('[data-music-id]')).toBeNull();
    expect(root.textContent).toContain('[music:42]');
  });

  it.each([
    ['video', 'before\n\n[video:12]\nafter'],
    ['collection', '[collection:7]'],
  ])('turns [%s:<id>] on its own line into a player slot', (kind, source) => {
    const slot = render(source).querySelector('[data-video-id]');
    expect(slot?.getAttribute('data-video-kind')).toBe(kind);
    expect(slot?.getAttribute('data-video-id')).toBe(kind === 'video' ? '12' : '7');
  });

  it('leaves [video:<id>] inside a sentence as text', () => {
    const root = render('see [video:3] here');
    expect(root.querySelector('[data-video-id]')).toBeNull();
    expect(root.textContent).toContain('[video:3]');
  });

  it('marks fenced code with its language for the highlighter', () => {
    const code = render('```ts\nconst a = 1;\n```').querySelector('pre code');
    expect(code?.className).toBe('language-ts');
    expect(code?.textContent).toBe('const a = 1;\n');
  });

  it('turns a single line break into <br>', () => {
    expect(render('one\ntwo').querySelector('br')).not.toBeNull();
  });
});

describe('isExternalHref', () => {
  const origin = 'https://candy.example';
  it.each([
    ['https://other.example/x', true],
    ['http://candy.example/x', true],
    ['https://candy.example/chaos', false],
    ['/chaos', false],
    ['#top', false],
    ['mailto:a@b.c', false],
  ])('%s → %s', (href, expected) => {
    expect(isExternalHref(href, origin)).toBe(expected);
  });
});
