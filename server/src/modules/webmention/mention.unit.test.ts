import { describe, expect, it } from 'vitest';
import { readMention } from './mention.ts';

const target = 'https://candy.example/chaos/12';
const source = 'https://alice.example/notes/1';
const page = (entry: string) => `<!doctype html><html><body>${entry}</body></html>`;
const card = '<a class="p-author h-card" href="https://alice.example/"><img src="/me.png" alt="">Alice</a>';

describe('reading a mention with the microformats2 parser', () => {
  it.each([
    ['reply', 'u-in-reply-to'],
    ['like', 'u-like-of'],
    ['repost', 'u-repost-of'],
    ['mention', 'u-url'],
  ])('an h-entry whose property names the target is a %s', (kind, property) => {
    const html = page(
      `<div class="h-entry">${card}<a class="${property}" href="${target}">t</a><p class="e-content">好文章</p></div>`,
    );
    expect(readMention(html, source, target).kind).toBe(kind);
  });

  it('takes the author from the h-card, addresses resolved against the source', () => {
    const html = page(`<div class="h-entry">${card}<a class="u-in-reply-to" href="${target}">t</a></div>`);
    expect(readMention(html, source, target)).toMatchObject({
      authorName: 'Alice',
      authorUrl: 'https://alice.example/',
      authorPhoto: 'https://alice.example/me.png',
    });
  });

  it('keeps the content as text: markup and scripts never come along', () => {
    const html = page(
      `<div class="h-entry">${card}<a class="u-in-reply-to" href="${target}">t</a><div class="e-content">Hi <b>there</b><script>alert(1)</script><img src=x onerror="alert(2)"></div></div>`,
    );
    const mention = readMention(html, source, target);
    // An image without alt text stands as its address (microformats2 text parsing).
    expect(mention.content).toBe('Hi there https://alice.example/notes/x');
    expect(mention.content).not.toMatch(/[<>]|alert/);
  });

  it('drops author addresses that are not http(s)', () => {
    const html = page(
      `<div class="h-entry"><a class="p-author h-card" href="javascript:alert(1)">Mallory</a><a class="u-in-reply-to" href="${target}">t</a></div>`,
    );
    expect(readMention(html, source, target)).toMatchObject({
      authorName: 'Mallory',
      authorUrl: 'https://alice.example',
    });
  });

  it('picks the entry that answers the target among several (an h-feed)', () => {
    const html = page(
      `<div class="h-feed"><div class="h-entry"><p class="p-name">other</p></div><div class="h-entry"><a class="u-like-of" href="${target}">t</a></div></div>`,
    );
    expect(readMention(html, source, target).kind).toBe('like');
  });

  it('a page without microformats is a mention by its host', () => {
    expect(readMention(page(`<p><a href="${target}">t</a></p>`), source, target)).toEqual({
      kind: 'mention',
      authorName: 'alice.example',
      authorUrl: 'https://alice.example',
      authorPhoto: null,
      content: '',
    });
  });

  it('an empty page does not throw', () => {
    expect(readMention('', source, target).kind).toBe('mention');
  });
});
