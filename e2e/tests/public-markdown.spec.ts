import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { repoRoot } from '../support/server.ts';

/**
 * The markdown sanitiser in a real browser DOM (DOMPurify is unsound on happy-dom): the widget's
 * own module, bundled, on a page of a made-up origin so that "external" has a meaning.
 */
const origin = 'https://candy.test';

/** What the test page holds (the e2e project has no DOM types). */
interface TestPage {
  renderMarkdown?: (source: string) => string;
  pwned?: number;
  document: { getElementById(id: string): { innerHTML: string } };
}

describe('markdown in Chromium', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const bundle = await build({
      stdin: {
        contents: "export { renderMarkdown } from './web/src/ui/Markdown/renderMarkdown.ts';",
        resolveDir: repoRoot,
        loader: 'ts',
      },
      bundle: true,
      format: 'iife',
      globalName: 'markdown',
      write: false,
      absWorkingDir: path.resolve(repoRoot),
    });
    const script = `${bundle.outputFiles[0]?.text}\nwindow.renderMarkdown = markdown.renderMarkdown;`;
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.route(`${origin}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html><body><div id="out"></div><script src="/md.js"></script></body></html>',
      }),
    );
    await page.route(`${origin}/md.js`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: script }),
    );
    await page.goto(`${origin}/`);
    await page.waitForFunction(
      () => typeof (globalThis as unknown as TestPage).renderMarkdown === 'function',
    );
  });
  afterAll(() => browser.close());

  /** Renders into the live document, waits a moment for anything that would run, and reports. */
  const mount = (source: string) =>
    page.evaluate(async (text) => {
      const win = globalThis as unknown as TestPage;
      const out = win.document.getElementById('out');
      out.innerHTML = win.renderMarkdown?.(text) ?? '';
      await new Promise((r) => setTimeout(r, 200));
      return { html: out.innerHTML, pwned: win.pwned ?? 0 };
    }, source);

  it.each([
    ['an image with onerror', '<img src=x onerror="window.pwned=1">'],
    ['a script tag', '<script>window.pwned=1</script>'],
    ['an svg onload', '<svg onload="window.pwned=1"></svg>'],
    ['an iframe srcdoc', '<iframe srcdoc="<script>parent.pwned=1</script>"></iframe>'],
    ['a details ontoggle', '<details open ontoggle="window.pwned=1">x</details>'],
  ])('%s runs nothing', async (_, source) => {
    const result = await mount(source);
    expect(result.pwned).toBe(0);
    expect(result.html).not.toMatch(/onerror|onload|ontoggle|<script|<iframe/i);
  });

  it('keeps the image itself', async () => {
    expect((await mount('<img src=x onerror=alert(1)>')).html).toBe('<img src="x" loading="lazy">');
  });

  it.each([
    ['markdown', '[click](javascript:window.pwned=1)'],
    ['raw html', '<a href="javascript:window.pwned=1">click</a>'],
    ['entity-encoded html', '<a href="jav&#x61;script:window.pwned=1">click</a>'],
  ])('drops a javascript: link written as %s', async (_, source) => {
    expect((await mount(source)).html).not.toMatch(/javascript/i);
  });

  it('opens an external link in a new tab with rel=noopener', async () => {
    expect((await mount('[x](https://example.org/)')).html).toContain(
      '<a href="https://example.org/" rel="noopener" target="_blank">x</a>',
    );
  });

  it('keeps an internal link in the tab, dropping a target the author wrote', async () => {
    expect((await mount('<a href="/about" target="_top">x</a>')).html).toContain(
      '<a href="/about" rel="noopener">x</a>',
    );
  });

  it('keeps the music slot and the code language class', async () => {
    const { html } = await mount('[music:42]\n\n```ts\nlet a = 1;\n```');
    expect(html).toContain('data-music-id="42"');
    expect(html).toContain('class="language-ts"');
  });
});
