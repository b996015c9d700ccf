import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const SERVER_START_TIMEOUT_MS = 90_000;

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('No free port')),
      );
    });
  });
}

export interface ProductServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The real server (the development entry, src/dev/start.ts) serving a built PWA, so it seeds the demo
 * advertiser, with a throw-away DATA_DIR under workDir and no background click traffic.
 */
export async function startProductServer(
  staticDir: string,
  workDir: string,
): Promise<ProductServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: 'localhost',
    DATA_DIR: join(workDir, 'data'),
    OUTBOX_DIR: join(workDir, 'outbox'),
    STATIC_DIR: staticDir,
    PARTNER_URL: `http://127.0.0.1:${await freePort()}`,
    SIMULATE_CLICKS_EVERY_SECONDS: '0',
    LOG_LEVEL: 'warn',
  };
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.APP_URL;
  const logFile = join(workDir, 'server.log');
  const log = createWriteStream(logFile);
  const root = new URL('../../../', import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/dev/start.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const baseUrl = `http://localhost:${port}`;
  await waitUntilServing(`${baseUrl}/api/config`, child, logFile);
  return { baseUrl, stop: () => stopChild(child) };
}

async function waitUntilServing(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode}; see ${logFile}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  child.kill('SIGKILL');
  throw new Error(
    `The server did not answer within ${SERVER_START_TIMEOUT_MS / 1000} s; see ${logFile}`,
  );
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export interface StaticServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Serves the bare baseline app's build like the product's server serves its build: hashed assets
 * cached for ever, every other path answered by index.html, text files Brotli-compressed (quality 11,
 * as the product's precompressed copies) for browsers that accept it.
 */
export async function startStaticServer(dir: string): Promise<StaticServer> {
  const compressed = new Map<string, Buffer>();
  const server: Server = createHttpServer((request, response) => {
    void (async () => {
      const path = normalize(new URL(request.url ?? '/', 'http://localhost').pathname);
      let file = join(dir, path);
      const found = await stat(file).catch(() => undefined);
      if (!found?.isFile()) file = join(dir, 'index.html');
      const compress =
        /\bbr\b/.test(String(request.headers['accept-encoding'] ?? '')) && extname(file) !== '.svg';
      let body: Buffer = await readFile(file);
      if (compress) {
        body =
          compressed.get(file) ??
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        compressed.set(file, body);
      }
      response.writeHead(200, {
        'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': path.startsWith('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
        Vary: 'Accept-Encoding',
        ...(compress ? { 'Content-Encoding': 'br' } : {}),
      });
      response.end(body);
    })();
  });
  const port = await freePort();
  await new Promise<void>((resolveListen) => server.listen(port, 'localhost', resolveListen));
  return {
    baseUrl: `http://localhost:${port}`,
    stop: () => new Promise<void>((resolveClose) => server.close(() => resolveClose())),
  };
}
