import type { Emote } from '@candy/contract/calls/emotes';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CommentText } from './CommentText.tsx';
import { splitCommentText } from './commentText.ts';

const codes = new Set(['[doge]', '[笑]']);

describe('splitCommentText', () => {
  it.each([
    ['plain text', 'hello', [{ kind: 'text', text: 'hello' }]],
    [
      'a link in a sentence',
      'see https://example.org/a?b=1 now',
      [
        { kind: 'text', text: 'see ' },
        { kind: 'link', href: 'https://example.org/a?b=1' },
        { kind: 'text', text: ' now' },
      ],
    ],
    [
      'a link ending a sentence',
      '看这里https://example.org/x。',
      [
        { kind: 'text', text: '看这里' },
        { kind: 'link', href: 'https://example.org/x' },
        { kind: 'text', text: '。' },
      ],
    ],
    [
      'a known emote',
      'ok[doge]',
      [
        { kind: 'text', text: 'ok' },
        { kind: 'emote', code: '[doge]' },
      ],
    ],
    ['an unknown bracketed word', 'a [cat] b', [{ kind: 'text', text: 'a [cat] b' }]],
    ['a javascript: url', 'javascript:alert(1)', [{ kind: 'text', text: 'javascript:alert(1)' }]],
    ['a bare scheme', 'https://', [{ kind: 'text', text: 'https://' }]],
  ])('%s', (_, text, expected) => {
    expect(splitCommentText(text, codes)).toEqual(expected);
  });

  it('loses no character', () => {
    const text = 'a https://x.org/b, [doge][笑] [no] http://y.org)';
    const joined = splitCommentText(text, codes)
      .map((s) => (s.kind === 'text' ? s.text : s.kind === 'link' ? s.href : s.code))
      .join('');
    expect(joined).toBe(text);
  });
});

describe('CommentText', () => {
  const emotes = new Map<string, Emote>([
    ['[doge]', { code: '[doge]', group: 'x', type: 'text', value: '🐶' }],
    ['[笑]', { code: '[笑]', group: 'x', type: 'image', value: '/files/emotes/laugh.png' }],
  ]);
  const html = (text: string) => renderToStaticMarkup(<CommentText text={text} emotes={emotes} />);

  it.each([
    ['an image with onerror', '<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['a script tag', '<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
  ])('renders %s as escaped text', (_, text, escaped) => {
    expect(html(text)).toBe(`<div class="comment-text" data-content="true"><span>${escaped}</span></div>`);
  });

  it('links a URL with rel="nofollow ugc noopener" in a new tab', () => {
    expect(html('https://example.org')).toContain(
      '<a href="https://example.org" rel="nofollow ugc noopener" target="_blank">https://example.org</a>',
    );
  });

  it('escapes a quote that tries to break out of the href', () => {
    expect(html('https://e.org/"onmouseover="x')).toContain('href="https://e.org/"');
    expect(html('https://e.org/"onmouseover="x')).not.toContain('onmouseover="x"');
  });

  it('draws a text emote and an image emote', () => {
    const out = html('[doge][笑]');
    expect(out).toContain('<span class="emote emote-text" title="[doge]">🐶</span>');
    expect(out).toContain('src="/files/emotes/laugh.png"');
  });
});
