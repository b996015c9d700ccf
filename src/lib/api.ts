import * as v from 'valibot';
import { ErrorResponse } from '../shared/contract/common';
import { OFFLINE_MESSAGE, isOnline, isWriteCall } from './offline';

/** A failed API call: `status` 0 means the server was not reached (network failure). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's own `message`, when it sent one. */
    readonly serverMessage: string | undefined,
  ) {
    super(serverMessage ?? (status === 0 ? 'Network request failed' : `HTTP ${status}`));
    this.name = 'ApiError';
  }
}

/** A call that has not answered by then fails as a network failure. */
const REQUEST_TIMEOUT_MS = 20_000;

function defaultBaseUrl(): string {
  return typeof location === 'undefined' ? 'http://localhost/api' : `${location.origin}/api`;
}

/**
 * The API client: plain fetch (no client library in the first load). Retrying is the query layer's
 * job; a retried POST could repeat a write.
 */
let client: { baseUrl: string; fetch: typeof fetch | undefined } = {
  baseUrl: defaultBaseUrl(),
  fetch: undefined,
};

/**
 * Points the API client somewhere else. Tests use it: under vitest fetch needs an absolute URL, and
 * the stub server listens on its own port.
 */
export function configureApi(options: { baseUrl: string; fetch?: typeof fetch }): void {
  client = { baseUrl: options.baseUrl, fetch: options.fetch };
}

async function send(method: 'get' | 'post', path: string, body: unknown): Promise<Response> {
  const doFetch = client.fetch ?? fetch;
  try {
    return await doFetch(`${client.baseUrl}/${path}`, {
      method: method.toUpperCase(),
      credentials: 'include',
      headers:
        method === 'post'
          ? { accept: 'application/json', 'content-type': 'application/json' }
          : { accept: 'application/json' },
      ...(method === 'post' ? { body: JSON.stringify(body ?? {}) } : {}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, undefined);
  }
}

async function request<S extends v.GenericSchema>(
  method: 'get' | 'post',
  path: string,
  schema: S,
  body?: unknown,
): Promise<v.InferOutput<S>> {
  // Design §4: writes need a connection; offline they fail at once and nothing is sent or queued.
  if (isWriteCall(method, path) && !isOnline()) throw new ApiError(0, OFFLINE_MESSAGE);
  const response = await send(method, path, body);
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = v.safeParse(ErrorResponse, data);
    throw new ApiError(response.status, parsed.success ? parsed.output.message : undefined);
  }
  if (data === undefined) throw new ApiError(0, undefined);
  // Style habit 5: every response is parsed with its schema.
  const parsed = v.safeParse(schema, data);
  if (!parsed.success) throw new ApiError(200, undefined);
  return parsed.output;
}

/** GET /api/<path>, parsed with `schema`. */
export function apiGet<S extends v.GenericSchema>(path: string, schema: S) {
  return request('get', path, schema);
}

/** POST /api/<path> with a JSON body, parsed with `schema`. */
export function apiPost<S extends v.GenericSchema>(path: string, body: unknown, schema: S) {
  return request('post', path, schema, body);
}

/** Spec §8: the server's message when present, otherwise the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}
