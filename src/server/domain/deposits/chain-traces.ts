import { BaseError, getAddress, RpcError, RpcRequestError, type Address, type Hex } from 'viem';

/**
 * ETH that contracts send (internal transfers: a Safe, an exchange's hot wallet, a batch sender) is in
 * no transaction's value; the node's call traces show each one and the transaction it is part of
 * (issue 33 point 1). Nodes offer them as `trace_block` (erigon, reth, nethermind, anvil) or
 * `debug_traceBlockByNumber` with the call tracer (geth, anvil); some offer neither (many hosted
 * endpoints), and then the deposit watcher finds such ETH by reading balances alone.
 */
export type TraceMode = 'trace_block' | 'debug_traceBlockByNumber' | 'none';

/** An internal ETH transfer as a trace shows it. */
export interface TracedTransfer {
  txHash: Hex;
  /** The call's place in its transaction, e.g. "0.1": its unique key with the hash. */
  traceAddress: string;
  /** The contract that sent it. */
  from: Address;
  to: Address;
  wei: bigint;
  /** Every caller from the transaction's sender down to `from`. */
  callers: Address[];
}

type Request = (method: string, params: unknown[]) => Promise<unknown>;

/** Which trace method the node answers, tried on `block` in the order above. */
export async function probeTraceMode(request: Request, block: bigint): Promise<TraceMode> {
  const number = `0x${block.toString(16)}`;
  try {
    await request('trace_block', [number]);
    return 'trace_block';
  } catch (error) {
    if (!answeredWithError(error)) throw error;
  }
  try {
    await request('debug_traceBlockByNumber', [number, { tracer: 'callTracer' }]);
    return 'debug_traceBlockByNumber';
  } catch (error) {
    if (!answeredWithError(error)) throw error;
  }
  return 'none';
}

/** The internal ETH transfers of one block that moved ETH (none in a reverted call). */
export async function tracedTransfers(
  request: Request,
  mode: Exclude<TraceMode, 'none'>,
  block: bigint,
): Promise<TracedTransfer[]> {
  const number = `0x${block.toString(16)}`;
  if (mode === 'trace_block') {
    return fromParityTraces((await request('trace_block', [number])) as ParityTrace[] | null);
  }
  const traces = (await request('debug_traceBlockByNumber', [number, { tracer: 'callTracer' }])) as
    { txHash?: Hex; result: CallFrame }[] | null;
  return (traces ?? []).flatMap(({ txHash, result }) =>
    txHash ? fromCallFrame(txHash, result, [], []) : [],
  );
}

/** The node answered the call with a JSON-RPC error (no such method, state not available …). */
export function answeredWithError(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk((cause) => cause instanceof RpcError || cause instanceof RpcRequestError) !== null
  );
}

interface ParityTrace {
  type: 'call' | 'create' | 'suicide' | 'reward';
  action: {
    from?: Address;
    to?: Address;
    value?: Hex;
    callType?: string;
    address?: Address;
    refundAddress?: Address;
    balance?: Hex;
  };
  traceAddress: number[];
  transactionHash: Hex | null;
  error?: string;
}

/** trace_block: a flat list; a call moved ETH when neither it nor a call above it reverted. */
function fromParityTraces(traces: ParityTrace[] | null): TracedTransfer[] {
  const byTx = new Map<Hex, Map<string, ParityTrace>>();
  for (const trace of traces ?? []) {
    if (!trace.transactionHash) continue;
    const calls = byTx.get(trace.transactionHash) ?? new Map<string, ParityTrace>();
    calls.set(trace.traceAddress.join('.'), trace);
    byTx.set(trace.transactionHash, calls);
  }
  const found: TracedTransfer[] = [];
  for (const [txHash, calls] of byTx) {
    for (const trace of calls.values()) {
      const path = trace.traceAddress;
      // The transaction itself (its value is seen in the block) or a call that moves no ETH.
      if (path.length === 0) continue;
      const moved = movedEth(trace);
      if (!moved) continue;
      const above = path.map((_, depth) => calls.get(path.slice(0, depth).join('.')));
      if (trace.error || above.some((call) => !call || call.error)) continue;
      found.push({
        txHash,
        traceAddress: path.join('.'),
        ...moved,
        callers: [...above.map((call) => call!.action.from!), moved.from].map((a) => getAddress(a)),
      });
    }
  }
  return found;
}

function movedEth(trace: ParityTrace): { from: Address; to: Address; wei: bigint } | undefined {
  const { action } = trace;
  if (trace.type === 'call' && action.callType === 'call' && action.to && action.value) {
    const wei = BigInt(action.value);
    return wei > 0n
      ? { from: getAddress(action.from!), to: getAddress(action.to), wei }
      : undefined;
  }
  if (trace.type === 'suicide' && action.refundAddress && action.balance) {
    const wei = BigInt(action.balance);
    return wei > 0n
      ? { from: getAddress(action.address!), to: getAddress(action.refundAddress), wei }
      : undefined;
  }
  return undefined;
}

interface CallFrame {
  type: string;
  from: Address;
  to?: Address;
  value?: Hex;
  error?: string;
  calls?: CallFrame[];
}

/** debug_traceBlockByNumber with the call tracer: a tree per transaction. */
function fromCallFrame(
  txHash: Hex,
  frame: CallFrame,
  path: number[],
  callers: Address[],
): TracedTransfer[] {
  if (frame.error) return []; // reverted, with everything below it
  const found: TracedTransfer[] = [];
  const sends = frame.type === 'CALL' || frame.type === 'SELFDESTRUCT';
  const wei = frame.value ? BigInt(frame.value) : 0n;
  if (path.length > 0 && sends && frame.to && wei > 0n) {
    found.push({
      txHash,
      traceAddress: path.join('.'),
      from: getAddress(frame.from),
      to: getAddress(frame.to),
      wei,
      callers: [...callers, getAddress(frame.from)],
    });
  }
  (frame.calls ?? []).forEach((call, index) => {
    found.push(
      ...fromCallFrame(txHash, call, [...path, index], [...callers, getAddress(frame.from)]),
    );
  });
  return found;
}
