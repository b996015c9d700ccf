import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A JSON-RPC proxy in front of a test chain that plays a node with less to offer (issue 33 point 1):
 * without the trace methods (as many hosted endpoints are), and, when asked, with the state of older
 * blocks pruned (eth_getBalance below a height answers "missing trie node", as geth does past its
 * 128 recent blocks, or anvil for the blocks before a state file was loaded).
 */
export interface RpcFilter {
  url: string;
  /** eth_getBalance at a height below this answers an error (undefined: every height answers). */
  prunedBelow: bigint | undefined;
  /** How many eth_getBalance calls went through (the watcher's balance reads). */
  balanceReads: number;
  close(): Promise<void>;
}

const HIDDEN = new Set(['trace_block', 'debug_traceBlockByNumber']);

interface RpcCall {
  jsonrpc: string;
  id: number | string | null;
  method: string;
  params?: unknown[];
}

export async function startRpcFilter(upstream: string): Promise<RpcFilter> {
  const filter: RpcFilter = {
    url: '',
    prunedBelow: undefined,
    balanceReads: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const refused = (call: RpcCall) => {
    if (HIDDEN.has(call.method)) {
      return { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'Method not found' } };
    }
    if (call.method !== 'eth_getBalance') return undefined;
    filter.balanceReads += 1;
    const tag = call.params?.[1];
    const pruned =
      filter.prunedBelow !== undefined &&
      typeof tag === 'string' &&
      tag.startsWith('0x') &&
      BigInt(tag) < filter.prunedBelow;
    return pruned
      ? { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: 'missing trie node' } }
      : undefined;
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as RpcCall | RpcCall[];
        const calls = Array.isArray(body) ? body : [body];
        const answers = calls.map(refused);
        const passed = calls.filter((_, index) => answers[index] === undefined);
        const upstreamAnswers =
          passed.length === 0
            ? []
            : ((await (
                await fetch(upstream, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify(passed),
                })
              ).json()) as unknown[]);
        const byId = new Map(
          (upstreamAnswers as { id: unknown }[]).map((answer) => [answer.id, answer]),
        );
        const all = calls.map((call, index) => answers[index] ?? byId.get(call.id));
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(Array.isArray(body) ? all : all[0]));
      })().catch((error: unknown) => {
        response.statusCode = 502;
        response.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  filter.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return filter;
}
