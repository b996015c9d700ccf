import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';

/** axe-core's browser bundle, evaluated in the page (the CDP call is not held to the page's CSP). */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Issue 17: the WCAG 2.2 A and AA rules, and axe's best practices (heading order among them). */
const RULES: RunOptions = {
  runOnly: {
    type: 'tag',
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
  },
  resultTypes: ['violations'],
};

/** The impacts a test fails on: moderate and higher. */
const FAILING: ImpactValue[] = ['moderate', 'serious', 'critical'];

/**
 * The page's accessibility violations of impact moderate or higher, one line per element (rule,
 * impact, element, what is wrong), so a failure names its culprit. Waits for animations to end first
 * (a dialog fading in would be measured half transparent).
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (o: RunOptions) => Promise<AxeResults> } }).axe.run(
        options,
      ),
    RULES,
  );
  return results.violations
    .filter((violation) => violation.impact && FAILING.includes(violation.impact))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(' ')}: ${node.failureSummary ?? violation.help}`,
      ),
    );
}
