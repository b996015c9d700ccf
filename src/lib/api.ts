import ky, { HTTPError, type KyInstance } from 'ky';
import * as v from 'valibot';
import { ErrorResponse } from '../shared/contract/common';
import {
  endpointPath,
  type BodyInput,
  type Endpoint,
  type ResponseOutput,
} from '../shared/contract/endpoint';
import { OFFLINE_MESSAGE, isOnline } from './offline';

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

export interface CallOptions {
  /** Values of the path's `{name}` placeholders (the partner's slug). */
  params?: Readonly<Record<string, string>>;
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
  // Design §4: writes need a connection; offline they fail at once and nothing is sent or queued.
  if (endpoint.access === 'write' && !isOnline()) throw new ApiError(0, OFFLINE_MESSAGE);
  const path = endpointPath(endpoint, options?.params);
  let data: unknown;
  try {
    data =
      endpoint.method === 'POST'
        ? await client.post(path, { json: body ?? {} }).json()
        : await client.get(path).json();
  } catch (error) {
    throw await toApiError(error);
  }
  const parsed = v.safeParse(endpoint.response, data);
  if (!parsed.success) throw new ApiError(200, undefined);
  return parsed.output;
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
