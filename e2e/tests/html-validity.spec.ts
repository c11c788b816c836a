import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { goInApp, openGate, openPage, waitForPath } from '../support/pages.ts';
import { fillPath, newestEssayId, publicPages } from '../support/publicPages.ts';
import { e2eDarkKey } from '../support/visitors.ts';

/**
 * The HTML the server sends for every public page (no JavaScript run: what a crawler or a browser
 * without scripts gets) passes the Nu Html Checker (issue 23) with no error, and so does the page
 * the browser shows once the app has run (most public pages are drawn by the client alone). vnu.jar
 * comes from the `vnu-jar` package and runs on the system Java.
 */

const vnuJar = createRequire(import.meta.url)('vnu-jar') as string;

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Runs vnu on the files; every error (and fatal) it reports, one line each. */
const validate = async (files: string[]): Promise<string[]> => {
  // vnu exits 1 when it found errors: its JSON report is what counts, not the exit code.
  const run = promisify(execFile);
  // Java's quick compiler alone: a run over two dozen pages ends before the optimising one pays
  // for itself (≈ 2 CPU-s instead of ≈ 4.5, the same report); its deeper frames need a larger stack.
  const jvm = ['-XX:TieredStopAtLevel=1', '-Xss8m'];
  const { stdout } = await run(
    'java',
    [...jvm, '-jar', vnuJar, '--format', 'json', '--errors-only', '--stdout', ...files],
    {
      maxBuffer: 32 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string; stderr?: string }) => {
    if (!error.stdout) throw new Error(`vnu did not run: ${error.stderr ?? String(error)}`);
    return { stdout: error.stdout };
  });
  const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] };
  return messages
    .filter((m) => m.type === 'error' || m.subType === 'fatal' || m.type === 'non-document-error')
    .map((m) => `${path.basename(m.url ?? '')}:${m.lastLine ?? '?'} ${m.message} — ${m.extract ?? ''}`);
};

describe('server-rendered HTML of the public pages (Nu Html Checker)', () => {
  const baseUrl = inject('baseUrl');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-vnu-'));
  const files = new Map<string, string>();

  beforeAll(async () => {
    const essayId = await newestEssayId(baseUrl);
    for (const page of publicPages) {
      const url = fillPath(page.path, { essayId });
      const res = await fetch(`${baseUrl}${url}`);
      expect(res.status, url).toBe(page.status ?? 200);
      const file = path.join(dir, `${url.replace(/[^a-z0-9]+/gi, '_').replace(/^_/, '')}.html`);
      fs.writeFileSync(file, await res.text());
      files.set(url, file);
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reports no error on any public page', async () => {
    const errors = await validate([...files.values()]);
    expect(errors, `vnu errors:\n${errors.join('\n')}`).toEqual([]);
  });

  it('reports no error on the pages as the browser shows them after the app ran', async () => {
    const browser = await launchBrowser();
    try {
      const essayId = await newestEssayId(baseUrl);
      const rendered: string[] = [];
      for (const target of publicPages) {
        const url = fillPath(target.path, { essayId });
        // A dark-only page is seen in the small hours (automatic dark mode) with the decode key.
        const dark = target.darkOnly ? { hour: 2, record: { darkModeDecodeKey: e2eDarkKey } } : {};
        const { page, close } = await openPage(browser, `${baseUrl}${target.gate ? '/chaos' : url}`, dark);
        if (target.gate) {
          await openGate(page);
          await goInApp(page, url);
          await waitForPath(page, url);
        }
        await page.locator(target.ready).first().waitFor();
        const html = await page.evaluate(() => `<!DOCTYPE html>${document.documentElement.outerHTML}`);
        const file = path.join(dir, `rendered_${url.replace(/[^a-z0-9]+/gi, '_').replace(/^_/, '')}.html`);
        fs.writeFileSync(file, html);
        rendered.push(file);
        await close();
      }
      const errors = await validate(rendered);
      expect(errors, `vnu errors:\n${errors.join('\n')}`).toEqual([]);
    } finally {
      await browser.close();
    }
    // A dozen page loads and a Java start on a shared two-core machine.
  }, 300_000);
});
