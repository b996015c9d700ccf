import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../helpers/fixtures';

const PAGE = '<!doctype html><title>PromoClicks</title><script type="module" src="/assets/app.js">';
const SCRIPT = 'console.log("the app");\n'.repeat(100);

/** A build folder as `vite build` leaves it: each text file with its .br and .gz copies. */
async function writeWithCopies(file: string, content: string): Promise<void> {
  await writeFile(file, content);
  await writeFile(`${file}.br`, brotliCompressSync(content));
  await writeFile(`${file}.gz`, gzipSync(content));
}

describe('precompressed build files', () => {
  let staticDir: string;

  beforeAll(async () => {
    staticDir = await mkdtemp(join(tmpdir(), 'promo-precompressed-'));
    await mkdir(join(staticDir, 'assets'));
    await writeWithCopies(join(staticDir, 'index.html'), PAGE);
    await writeWithCopies(join(staticDir, 'assets/app.js'), SCRIPT);
  });
  afterAll(async () => {
    await rm(staticDir, { recursive: true, force: true });
  });
  const t = useTestApp('pglite', () => ({ STATIC_DIR: staticDir }));

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ])('sends an asset compressed to a browser accepting %s: %s', async (accepted, encoding) => {
    const response = await fetch(`${t.server.url}/assets/app.js`, {
      headers: { 'accept-encoding': accepted },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toBe('accept-encoding');
    expect(await response.text()).toBe(SCRIPT);
  });

  it('sends the asset as it is to a browser accepting no compression', async () => {
    const response = await fetch(`${t.server.url}/assets/app.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-length')).toBe(String(SCRIPT.length));
    expect(await response.text()).toBe(SCRIPT);
  });

  it('sends the page of a client-side route compressed and never cached without asking', async () => {
    const response = await fetch(`${t.server.url}/dashboard`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(PAGE);
  });
});
