import ky, { HTTPError, type KyInstance } from 'ky';
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

function createClient(prefixUrl: string, fetchImpl?: typeof fetch): KyInstance {
  return ky.create({
    prefixUrl,
    credentials: 'include',
    // Retrying is the query layer's job; a retried POST could repeat a write.
    retry: 0,
    timeout: 20_000,
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
}

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const body: unknown = await error.response.json().catch(() => undefined);
    const parsed = v.safeParse(ErrorResponse, body);
    return new ApiError(error.response.status, parsed.success ? parsed.output.message : undefined);
  }
  return new ApiError(0, undefined);
}

async function request<S extends v.GenericSchema>(
  method: 'get' | 'post',
  path: string,
  schema: S,
  body?: unknown,
): Promise<v.InferOutput<S>> {
  // Design §4: writes need a connection; offline they fail at once and nothing is sent or queued.
  if (isWriteCall(method, path) && !isOnline()) throw new ApiError(0, OFFLINE_MESSAGE);
  let data: unknown;
  try {
    const options = method === 'post' ? { json: body ?? {} } : {};
    data = await client[method](path, options).json();
  } catch (error) {
    throw await toApiError(error);
  }
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
