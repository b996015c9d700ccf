import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/**
 * The commands that get a Chromium the browser tests can drive, named whenever it is missing.
 * Ubuntu's own `chromium-browser` is a snap, whose sandbox cannot read the profiles the tests make in
 * /tmp; Homebrew's Chromium is unsigned. Playwright's download (found below) works on both.
 */
const INSTALL_COMMANDS =
  'install it with `sudo apt-get install chromium` (Debian), ' +
  '`npx playwright-core install --with-deps chromium` (Ubuntu) or ' +
  '`npx playwright-core install chromium` (macOS)';

/** Where Debian installs Chromium, then where `npx playwright-core install chromium` puts it. */
function candidates(): string[] {
  const paths = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    paths.push(chromium.executablePath());
  } catch {
    // Playwright has no download for this system.
  }
  return paths;
}

/** The Chromium to launch: CHROMIUM_PATH if it exists, else an installed one. */
export function findChromium(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return existsSync(configured) ? configured : undefined;
  return candidates().find((path) => existsSync(path));
}

/** Root on a system with apt-get: installing needs no one's password (CI, containers). */
function canInstallWithApt(): boolean {
  return process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0;
}

function aptGet(...args: string[]): boolean {
  const run = spawnSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return run.status === 0;
}

export type ChromiumLookup = { path: string } | { problem: string };

/**
 * The Chromium the browser tests launch, never a reason to skip them: a missing one is installed where
 * that asks for nothing (as root with apt-get), otherwise the problem names the command to run.
 */
export function ensureChromium(): ChromiumLookup {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (existsSync(configured)) return { path: configured };
    return {
      problem: `CHROMIUM_PATH is ${configured}, which does not exist; set it to a Chromium executable, or unset it and ${INSTALL_COMMANDS}.`,
    };
  }
  const found = findChromium();
  if (found) return { path: found };
  if (!canInstallWithApt()) {
    return { problem: `Chromium was not found; ${INSTALL_COMMANDS}, or set CHROMIUM_PATH.` };
  }
  console.log('Chromium was not found; installing it: apt-get install chromium');
  const installed = aptGet('update') && aptGet('install', '-y', 'chromium') && findChromium();
  if (installed) return { path: installed };
  return {
    problem: `Chromium was not found and \`apt-get install chromium\` did not install it; ${INSTALL_COMMANDS}, or set CHROMIUM_PATH.`,
  };
}

/** Flags that work as root in a container without a GPU, and keep Chromium from calling home. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
