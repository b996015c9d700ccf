import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const viteBin = fileURLToPath(new URL('../../../node_modules/vite/bin/vite.js', import.meta.url));

function viteBuild(args: string[]): Promise<void> {
  return new Promise((resolveBuild, reject) => {
    const output: Buffer[] = [];
    const child = spawn(process.execPath, [viteBin, 'build', '--emptyOutDir', ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolveBuild()
        : reject(new Error(`vite build ${args.join(' ')} failed:\n${Buffer.concat(output)}`)),
    );
  });
}

/** The product's production build (vite.config.ts) into outDir. */
export function buildProduct(outDir: string): Promise<void> {
  return viteBuild(['--outDir', outDir]);
}

/** The bare baseline app (tests/bench/web/bare-app) into outDir. */
export function buildBareApp(outDir: string): Promise<void> {
  return viteBuild(['--config', 'tests/bench/web/bare-app/vite.config.ts', '--outDir', outDir]);
}
