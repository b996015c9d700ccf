import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCLI, startVitest, type Reporter } from 'vitest/node';
import OptionalPassesReporter from '../helpers/optional-passes';
import { ensureChromium } from './support/chromium';

/**
 * Runs the browser tests against the real server: starts the development entry (`src/dev/start.ts`)
 * (partner simulator and demo data included) on a free port with a throw-away DATA_DIR and OUTBOX_DIR,
 * serving the built PWA from dist/, runs the vitest project in tests/e2e, then stops the server.
 * Arguments are vitest's (`npm run test:e2e -- auth -t partner`).
 * Nothing is skipped: a missing Chromium is installed or named with the command to run, before the
 * server starts, and a run in which no browser test ran fails.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_START_TIMEOUT_MS = 90_000;
/** A build elsewhere (`E2E_STATIC_DIR=/tmp/build npm run test:e2e`): two checkouts' builds apart. */
const staticDir = process.env.E2E_STATIC_DIR ?? join(root, 'dist');

function fail(message: string): never {
  console.error(`\nBrowser tests: ${message}`);
  process.exit(1);
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error()),
      );
    });
  });
}

interface RunningServer {
  baseUrl: string;
  child: ChildProcess;
  logFile: string;
}

async function startServer(workDir: string): Promise<RunningServer> {
  const port = await freePort();
  const partnerPort = await freePort();
  const logFile = join(workDir, 'server.log');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    // Both loopback addresses: the browser may resolve localhost to ::1 or 127.0.0.1.
    HOST: 'localhost',
    DATA_DIR: join(workDir, 'data'),
    OUTBOX_DIR: join(workDir, 'outbox'),
    STATIC_DIR: staticDir,
    // The partner simulator on a port of its own, so a running dev server does not collide.
    PARTNER_URL: `http://127.0.0.1:${partnerPort}`,
    // The tests report their own clicks and count them exactly: no background click traffic.
    SIMULATE_CLICKS_EVERY_SECONDS: '0',
    // Every answer of a declared call is checked against its endpoint's response schema.
    CHECK_ANSWERS: 'on',
    // Every browser of the suite signs in from the same loopback address: the per-address limit
    // (30 sign-ins in 15 minutes) would refuse the later tests. The limits per account still hold.
    RATE_LIMIT_PER_IP: '1000',
  };
  // Development mode: the server then starts the partner simulator and seeds the demo data.
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.APP_URL;
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/dev/start.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const baseUrl = `http://localhost:${port}`;
  await waitUntilServing(baseUrl, child, logFile);
  return { baseUrl, child, logFile };
}

async function waitUntilServing(baseUrl: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      fail(`the server exited with code ${child.exitCode}; see ${logFile}`);
    try {
      const response = await fetch(`${baseUrl}/api/config`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  child.kill('SIGKILL');
  fail(`the server did not answer within ${SERVER_START_TIMEOUT_MS / 1000} s; see ${logFile}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * On a failed run, the server log without its info lines is printed before vitest's report, so a CI
 * log shows it while the output still ends with vitest's summary.
 */
function serverProblemsOnFailure(logFile: string): Reporter {
  return {
    onTestRunEnd: (_modules, _errors, reason) => {
      if (reason !== 'failed') return;
      const problems = readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((line) => line && !/^\{"level":[23]0,/.test(line))
        .slice(-40);
      if (problems.length === 0) return;
      console.error(`\nServer log, info lines left out (full log: ${logFile}):`);
      console.error(problems.join('\n'));
    },
  };
}

const chromium = ensureChromium();
if ('problem' in chromium) fail(chromium.problem);
if (!existsSync(join(staticDir, 'index.html')) || !existsSync(join(staticDir, 'sw.js'))) {
  fail(`${staticDir} has no built app; run \`npm run build\` first.`);
}

const workDir = mkdtempSync(join(tmpdir(), 'promo-e2e-'));
const server = await startServer(workDir);
console.log(`Browser tests against ${server.baseUrl} (server log: ${server.logFile})`);
process.env.E2E_BASE_URL = server.baseUrl;
process.env.E2E_OUTBOX_DIR = join(workDir, 'outbox');
// The build served, for tests that start servers of their own (two processes on PostgreSQL).
process.env.E2E_STATIC_DIR = staticDir;
process.env.CHROMIUM_PATH = chromium.path;

let exitCode = 1;
try {
  const cli = parseCLI(['vitest', ...process.argv.slice(2)]);
  const vitest = await startVitest(
    'test',
    cli.filter,
    { ...cli.options, config: join(root, 'tests/e2e/vitest.config.ts'), run: true, watch: false },
    {
      test: {
        // The PostgreSQL-only tests (two server processes) name themselves when left out.
        reporters: [
          serverProblemsOnFailure(server.logFile),
          'default',
          new OptionalPassesReporter(),
        ],
      },
    },
  );
  const modules = vitest.state.getTestModules();
  // Skipped or filtered-out tests do not count as run.
  const ran = modules.flatMap((module) => [
    ...module.children.allTests('passed'),
    ...module.children.allTests('failed'),
  ]).length;
  const failed =
    vitest.state.getCountOfFailedTests() > 0 ||
    vitest.state.getUnhandledErrors().length > 0 ||
    modules.some((module) => module.state() === 'failed') ||
    (process.exitCode !== undefined && process.exitCode !== 0);
  await vitest.close();
  if (ran === 0) console.error('\nBrowser tests: none ran (a filter that matches no test?).');
  exitCode = failed || ran === 0 ? 1 : 0;
} finally {
  await stopServer(server.child);
  // Keep the server log of a failed run for reading.
  if (exitCode === 0) rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
