import { exec } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function sh(command: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    exec(command, { env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const lastLine = (text: string) => text.trim().split('\n').at(-1);

const scripts = (
  JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
).scripts;
const MISSING_CHROMIUM =
  'Browser tests: CHROMIUM_PATH is /nonexistent, which does not exist; set it to a Chromium ' +
  'executable, or unset it and install it with `sudo apt-get install chromium` (Debian), ' +
  '`npx playwright-core install --with-deps chromium` (Ubuntu) or ' +
  '`npx playwright-core install chromium` (macOS).';

describe('npm test without its browser', () => {
  it('fails its browser step, naming the commands to run, before building or starting anything', async () => {
    const browserStep = await sh('npm run --silent test:e2e', { CHROMIUM_PATH: '/nonexistent' });

    expect(browserStep.code).toBe(1);
    expect(lastLine(browserStep.stderr)).toBe(MISSING_CHROMIUM);
    expect(browserStep.stdout).not.toContain('Browser tests against');
  });

  it('fails at its first step, before the long ones, with the same message', async () => {
    const firstCommand = scripts.test!.split(' && ')[0]!;

    const firstStep = await sh(firstCommand, { CHROMIUM_PATH: '/nonexistent' });

    expect(firstStep.code).toBe(1);
    expect(lastLine(firstStep.stderr)).toBe(MISSING_CHROMIUM);
  });
});
