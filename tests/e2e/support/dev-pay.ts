import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { e2eEnv } from './env';

const run = promisify(execFile);

/** `npm run dev:pay -- <id> [...args]` against the test server, as a developer runs it; its output. */
export async function payOnDevChain(transactionId: number, args: string[] = []): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'src/dev/pay.ts', String(transactionId), ...args],
    { env: { ...process.env, API_URL: e2eEnv.baseUrl } },
  );
  return stdout;
}
