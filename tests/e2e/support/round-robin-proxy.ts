import { createServer, request as forward, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the proxy passed on: to which server (index in the targets), with which key. */
export interface Passed {
  method: string;
  path: string;
  target: number;
  idempotencyKey: string | undefined;
}

function keyOf(request: IncomingMessage): string | undefined {
  const header = request.headers['idempotency-key'];
  return Array.isArray(header) ? header.join(',') : header;
}

/**
 * A tiny HTTP proxy in front of several server processes (design §6: a load balancer). Round-robin per
 * path, so the next request of a call (a write's retry) always reaches the next process, whatever
 * else the page asks meanwhile. Headers pass unchanged (Host included: the servers' same-origin check
 * sees the proxy's origin, the one the browser uses).
 */
export async function startRoundRobinProxy() {
  let targets: URL[] = [];
  const turns = new Map<string, number>();
  const passed: Passed[] = [];
  const proxy = createServer((incoming, outgoing) => {
    const path = new URL(incoming.url ?? '/', 'http://proxy').pathname;
    const turn = turns.get(path) ?? 0;
    turns.set(path, turn + 1);
    const index = turn % targets.length;
    const target = targets[index]!;
    passed.push({
      method: incoming.method ?? '',
      path,
      target: index,
      idempotencyKey: keyOf(incoming),
    });
    const upstream = forward(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** The servers behind it (they are started knowing the proxy's URL, so set afterwards). */
    setTargets: (urls: string[]) => {
      targets = urls.map((url) => new URL(url));
    },
    passed: () => passed,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}
