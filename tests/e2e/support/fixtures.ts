import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { expect, test as base } from 'vitest';
import { CHROMIUM_ARGS } from './chromium';
import { e2eEnv } from './env';

export interface ConsoleErrorRule {
  text: RegExp;
  url?: RegExp;
}

export interface ConsoleErrors {
  /** Tolerate one more kind of console error in this test (e.g. the 401 of a refused login). */
  allow(rule: ConsoleErrorRule): void;
}

/**
 * Console errors the browser itself logs for answers the app expects: a session check sent with a
 * session that has just ended (a logout, a password change) is answered 401. A visitor without a
 * session gets an ordinary answer (issue 17; the signed-out page tests hold that). Anything else
 * logged as an error fails the test (style habit 8).
 */
const EXPECTED_CONSOLE_ERRORS: ConsoleErrorRule[] = [
  { text: /^Failed to load resource: .*status of 401/, url: /\/api\/auth\/check-auth$/ },
];

function isExpected(rules: ConsoleErrorRule[], message: ConsoleMessage): boolean {
  return rules.some(
    (rule) =>
      rule.text.test(message.text()) && (!rule.url || rule.url.test(message.location().url)),
  );
}

/**
 * Each test gets its own Chromium with a fresh persistent profile (not an incognito context:
 * Chromium refuses to install a PWA from incognito) and a page whose console is watched.
 */
export const test = base
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from the pattern
  .extend('context', async ({}, { onCleanup }): Promise<BrowserContext> => {
    const profileDir = mkdtempSync(join(tmpdir(), 'promo-e2e-profile-'));
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: e2eEnv.chromiumPath,
      args: CHROMIUM_ARGS,
      baseURL: e2eEnv.baseUrl,
    });
    onCleanup(async () => {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    });
    return context;
  })
  .extend('consoleErrors', async ({ context }, { onCleanup }): Promise<ConsoleErrors> => {
    const rules = [...EXPECTED_CONSOLE_ERRORS];
    const errors: string[] = [];
    context.on('console', (message) => {
      if (message.type() !== 'error' || isExpected(rules, message)) return;
      errors.push([message.text(), message.location().url].filter(Boolean).join(' at '));
    });
    context.on('weberror', (error) => errors.push(`Uncaught: ${error.error().message}`));
    onCleanup(() => {
      expect(errors, 'errors in the browser console').toEqual([]);
    });
    return { allow: (rule) => rules.push(rule) };
  })
  // Depends on consoleErrors so that every page a test uses is watched.
  .extend('page', async ({ context, consoleErrors }): Promise<Page> => {
    void consoleErrors;
    return context.pages()[0] ?? (await context.newPage());
  });

export { expect };
