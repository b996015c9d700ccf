import { Agent, request } from 'node:http';
import { TestClient, type TestApp } from './server';

/**
 * Clients that send from other loopback addresses: every address of 127.0.0.0/8 reaches a server
 * listening on 127.0.0.1, so a test can be many callers at once with no proxy header (the server
 * sees each as its own address, as it would see the internet's).
 */

/** `count` distinct loopback addresses, none of them 127.0.0.1 (the tests' usual caller). */
export function loopbackAddresses(count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) => `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`,
  );
}

/** A browser (cookie jar) at `address`: a fresh one each call. */
export function clientAt(server: TestApp, address: string): TestClient {
  return new TestClient(server.url, fetchFrom(address));
}

const agents = new Map<string, Agent>();

/** A fetch whose connections start at `localAddress` (enough of fetch for TestClient). */
export function fetchFrom(localAddress: string): typeof fetch {
  let agent = agents.get(localAddress);
  if (!agent) {
    agent = new Agent({ keepAlive: true, localAddress });
    agents.set(localAddress, agent);
  }
  const via = agent;
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers = (init.headers ?? {}) as Record<string, string>;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(
        url,
        { method: init.method ?? 'GET', headers, agent: via },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const answer = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              for (const one of Array.isArray(value) ? value : [value ?? ''])
                answer.append(name, one);
            }
            const status = incoming.statusCode ?? 0;
            const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
            resolve(new Response(body, { status, headers: answer }));
          });
        },
      );
      outgoing.on('error', reject);
      if (typeof init.body === 'string') outgoing.write(init.body);
      outgoing.end();
    });
  }) as typeof fetch;
}

/** Closes the kept-alive connections (call after the server closed, or before). */
export function closeLoopbackAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}
