import ky, { HTTPError, type KyInstance } from 'ky';
import * as v from 'valibot';
import { ErrorResponse } from '../shared/contract/common';
import { health } from '../shared/contract/config';
import {
  endpointPath,
  type BodyInput,
  type Endpoint,
  type ResponseOutput,
} from '../shared/contract/endpoint';
import { SERVED_FROM_CACHE_HEADER } from '../shared/served-from-cache';
import { OFFLINE_MESSAGE, isOnline, setServerReachable } from './offline';

/** A failed API call: `status` 0 means the server was not reached (network failure). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's own `message`, when it sent one. */
    readonly serverMessage: string | undefined,
    /** The server's `code` beside it, when it sent one (issue 31). */
    readonly code?: string,
  ) {
    super(serverMessage ?? (status === 0 ? 'Network request failed' : `HTTP ${status}`));
    this.name = 'ApiError';
  }
}

let signIns = 0;
/** Moves at each sign-in and sign-out: a write still being retried stops then (src/lib/writes.ts). */
export const currentSignIn = () => signIns;
export const signInChanged = () => void signIns++;

/** While the server cannot be reached, it is asked this often. */
const PROBE_INTERVAL_MS = 5_000;

function createClient(prefixUrl: string, fetchImpl?: typeof fetch): KyInstance {
  return ky.create({
    prefixUrl,
    credentials: 'include',
    // A write is sent again only by callApi, with its idempotency key; reads by the query layer.
    retry: 0,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}

function defaultPrefix(): string {
  return typeof location === 'undefined' ? 'http://localhost/api' : `${location.origin}/api`;
}

let client = createClient(defaultPrefix());

/**
 * Points the API client somewhere else. Tests use it: under vitest ky needs an absolute prefix
 * (stack notes), and the stub server listens on its own port.
 */
export function configureApi(options: { baseUrl: string; fetch?: typeof fetch }): void {
  client = createClient(options.baseUrl, options.fetch);
  // Nothing is known yet about reaching this server.
  setServerReachable(true);
}

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof HTTPError) {
    const body: unknown = await error.response.json().catch(() => undefined);
    const parsed = v.safeParse(ErrorResponse, body);
    return parsed.success
      ? new ApiError(error.response.status, parsed.output.message, parsed.output.code)
      : new ApiError(error.response.status, undefined);
  }
  return new ApiError(0, undefined);
}

let probe: ReturnType<typeof setTimeout> | undefined;

/** Asks the server (a cheap call the worker never answers itself) until it answers. */
function probeServer(): void {
  probe ??= setTimeout(() => {
    send(health, health.path, undefined, undefined, PROBE_INTERVAL_MS)
      .catch(() => undefined)
      .finally(() => {
        probe = undefined;
        if (!isOnline()) probeServer();
      });
  }, PROBE_INTERVAL_MS);
}

/** Design §4: offline is known from the requests too, not only from `navigator.onLine`. */
function serverReached(reached: boolean): void {
  setServerReachable(reached);
  if (!reached) probeServer();
}

/** One request, its answer parsed; it tells the reachability state whether the server answered. */
export async function send<E extends Endpoint>(
  endpoint: E,
  path: string,
  body: unknown,
  headers?: Readonly<Record<string, string>>,
  timeout = 20_000,
): Promise<ResponseOutput<E>> {
  let response: Response;
  try {
    response = await client(path, {
      method: endpoint.method,
      json: endpoint.method === 'POST' ? (body ?? {}) : undefined,
      headers,
      timeout,
    });
  } catch (error) {
    // An error status is an answer too; a network failure or a timeout is not.
    serverReached(error instanceof HTTPError);
    throw await toApiError(error);
  }
  serverReached(!response.headers.has(SERVED_FROM_CACHE_HEADER));
  const parsed = v.safeParse(endpoint.response, await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError(200, undefined);
  return parsed.output;
}

export interface CallOptions {
  /** Values of the path's `{name}` placeholders (the partner's slug). */
  params?: Readonly<Record<string, string>>;
  /** Request headers of this call. */
  headers?: Readonly<Record<string, string>>;
}

/** The arguments after the endpoint: its body when it declares one, then the options. */
type CallArgs<E extends Endpoint> = E['body'] extends v.GenericSchema
  ? [body: BodyInput<E>, options?: CallOptions]
  : [body?: undefined, options?: CallOptions];

/**
 * Calls a declared endpoint (src/shared/contract): its method and path, a body typed by its request
 * schema, the answer parsed with its response schema (style habit 5).
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  ...[body, options]: CallArgs<E>
): Promise<ResponseOutput<E>> {
  const path = endpointPath(endpoint, options?.params);
  if (endpoint.access === 'read') return send(endpoint, path, body, options?.headers);
  // Design §4: writes need a connection; offline they fail at once and nothing is sent or queued.
  if (!isOnline()) throw new ApiError(0, OFFLINE_MESSAGE);
  // Apart from the first load, which writes nothing; the write forms load it with their code.
  const { sendWrite } = await import('./writes');
  return sendWrite(endpoint, path, body, options?.headers);
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
