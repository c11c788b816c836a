import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser bundle, injected into the page as it is (no wrapper library). */
const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** What page scripts see (the e2e project has no DOM types). */
interface AxeWindow {
  axe: { run(options: unknown): Promise<{ violations: AxeViolation[] }> };
}

/**
 * Runs axe-core on the page and returns its critical and serious violations, one line per
 * offending element: rule, impact, target selector and axe's own summary of what is wrong.
 * `alsoRules` fail whatever impact axe gives them (heading-order is "moderate").
 */
export const seriousViolations = async (
  page: Page,
  { alsoRules = [] }: { alsoRules?: string[] } = {},
): Promise<string[]> => {
  // Evaluated through the DevTools protocol: the site's CSP (script-src 'self') rightly refuses
  // an inline <script>, and the page under test keeps its real policy.
  // Once per document: a walk through the app's own navigation keeps it (≈ 550 KB parsed each time).
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const { axe } = globalThis as unknown as AxeWindow;
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || alsoRules.includes(v.id))
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${v.id} (${v.impact}) ${JSON.stringify(node.target)}: ${v.help}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
      ),
    );
};
