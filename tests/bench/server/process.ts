import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('./entry.ts', import.meta.url));

/** A bench server running as its own process (see entry.ts). */
export interface ServerProcess {
  url: string;
  pid: number;
  /** Resident memory now, in MiB (VmRSS of /proc/<pid>/status). */
  rssMiB(): number;
  /** Samples the RSS every 100 ms until the returned function is called; that returns the peak. */
  samplePeak(): () => number;
  stop(): Promise<void>;
}

/** Starts entry.ts with `env` added to this process's environment and waits until it listens. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = fork(ENTRY, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`bench server exited with code ${code}`)));
  });
  const pid = child.pid!;
  const rssMiB = () => readRssMiB(pid);
  return {
    url: `http://127.0.0.1:${port}`,
    pid,
    rssMiB,
    samplePeak: () => {
      let peak = rssMiB();
      const timer = setInterval(() => (peak = Math.max(peak, rssMiB())), 100);
      return () => {
        clearInterval(timer);
        return Math.max(peak, rssMiB());
      };
    },
    stop: () => stopChild(child),
  };
}

function readRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return Math.round(kib / 1024);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}
