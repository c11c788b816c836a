import type { Essay } from '@candy/contract/calls/essays';
import type { Moment } from '@candy/contract/calls/moments';
import { mf2 } from 'microformats-parser';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import HomePage from '../home/index.tsx';
import { MomentCard } from '../moments/MomentCard.tsx';
import { EssayCard } from './EssayCard.tsx';

/**
 * Other sites read our pages with a microformats2 parser (issue 29.4, Webmention) as we read theirs:
 * an essay and a moment are h-entries with their owner as the author's h-card. Rendered here the
 * way the server renders the page (the same components), and read with the parser we read others with.
 */
const page = (markup: string) => `<!doctype html><html><body>${markup}</body></html>`;
const base = 'https://candy.example/chaos/7';

const essay: Essay & { html: string } = {
  id: 7,
  content: '# 春天\n\n花开了。',
  hide: false,
  reservation: null,
  createdAt: Date.UTC(2026, 2, 1, 8, 0),
  updatedAt: Date.UTC(2026, 2, 1, 8, 0),
  html: '<h1>春天</h1><p>花开了。</p>',
};

describe('microformats2 markup of public pages', () => {
  it('an essay is an h-entry: name, content, published, url and the owner as author', () => {
    const html = renderToStaticMarkup(
      <Router ssrPath="/chaos/7">
        <EssayCard essay={essay} />
      </Router>,
    );
    const [entry] = mf2(page(html), { baseUrl: base }).items;
    expect(entry?.type).toEqual(['h-entry']);
    const properties = entry?.properties ?? {};
    expect(properties.name).toEqual(['春天']);
    expect(properties.url).toEqual(['https://candy.example/chaos/7']);
    expect(properties.published).toEqual([new Date(essay.createdAt).toISOString()]);
    expect(properties.content?.[0]).toMatchObject({ value: '春天花开了。' });
    expect(properties.author?.[0]).toMatchObject({
      type: ['h-card'],
      properties: { name: ['糖果罐'], url: ['https://candy.example/home'] },
    });
  });

  it('the landing page is the owner’s h-card: name, address and picture (issue 41.12)', () => {
    const html = renderToStaticMarkup(
      <Router ssrPath="/home">
        <HomePage />
      </Router>,
    );
    const { items } = mf2(page(html), { baseUrl: 'https://candy.example/home' });
    expect(items).toHaveLength(1);
    expect(items[0]?.type).toEqual(['h-card']);
    expect(items[0]?.properties).toMatchObject({
      name: ['糖果罐'],
      url: ['https://candy.example/home'],
      photo: ['https://candy.example/icon-192.png'],
    });
  });

  it('a moment is an h-entry with its text and the owner as author', () => {
    const moment = {
      id: 3,
      content: '今天晴',
      images: [],
      createdAt: Date.UTC(2026, 2, 2),
    } as unknown as Moment;
    const [entry] = mf2(page(renderToStaticMarkup(<MomentCard moment={moment} />)), { baseUrl: base }).items;
    expect(entry?.type).toEqual(['h-entry']);
    expect(entry?.properties.content?.[0]).toMatchObject({ value: '今天晴' });
    expect(entry?.properties.published).toEqual([new Date(moment.createdAt).toISOString()]);
    expect(entry?.properties.author?.[0]).toMatchObject({ type: ['h-card'] });
  });
});
