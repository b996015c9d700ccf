import { afterEach, beforeEach, expect, vi } from 'vitest';
import { format } from 'node:util';

// Component tests (happy-dom): jest-dom matchers and unmounting after each test.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup, configure } = await import('@testing-library/react');
  // The machine is shared and lazy route chunks compile on first use: give find* queries room.
  configure({ asyncUtilTimeout: 5000 });
  afterEach(() => cleanup());
}

// Style habit 8: a stray console.error fails the test that caused it.
let consoleErrors: string[] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(...args));
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  expect(consoleErrors, 'console.error was called').toEqual([]);
});
