import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

/**
 * `npm run dev`: Vite's dev server with hot reload for the PWA, and the API server (restarted by tsx
 * watch when its code changes) behind Vite's /api and /avatars proxy. Ctrl-C stops both.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const apiUrl = new URL(process.env.API_URL ?? 'http://localhost:8080');
// vite.config.ts reads API_URL for its proxy.
process.env.API_URL = apiUrl.origin;

const vite = await createServer({ configFile: `${root}vite.config.ts` });
await vite.listen();
const appUrl = vite.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? 'http://localhost:5173';

// The browser talks to Vite's origin: mail links and the Origin check must use it.
const api: ChildProcess = spawn(
  process.execPath,
  [`${root}node_modules/tsx/dist/cli.mjs`, 'watch', '--clear-screen=false', 'src/dev/start.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    // Its own process group: Ctrl-C reaches only this process, which stops the API once, cleanly
    // (a second signal makes tsx watch kill the server before it closes the database).
    detached: true,
    env: { ...process.env, PORT: apiUrl.port || '80', APP_URL: process.env.APP_URL ?? appUrl },
  },
);

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  const exited = new Promise<void>((resolve) => {
    if (api.exitCode !== null || api.signalCode !== null) resolve();
    else api.once('exit', () => resolve());
  });
  api.kill('SIGTERM');
  await Promise.all([vite.close(), exited]);
  process.exit(code);
}

api.on('exit', (code) => void stop(code ?? 0));
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
