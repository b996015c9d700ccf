import type * as v from 'valibot';

/**
 * One API call, declared once (style habit 13): the client's call helper (src/lib/api.ts), the
 * server's route registration and its read/write database handle (src/server/route.ts), the offline
 * rule for writes and the worker's list of answers kept offline (sw/api-cache.ts) all read it.
 */
export interface Endpoint<
  Body extends v.GenericSchema | undefined = v.GenericSchema | undefined,
  Response extends v.GenericSchema = v.GenericSchema,
> {
  readonly method: 'GET' | 'POST';
  /** Below /api, without a leading slash. `{product}` stands for the partner's slug (design §3). */
  readonly path: string;
  /** The JSON body's schema; a call without one sends `{}` (POST) or nothing (GET). */
  readonly body?: Body;
  readonly response: Response;
  /**
   * 'read' changes nothing: allowed offline (design §4), and served on the server through the read
   * handle, which leaves the read cache's kept answers standing. 'write' changes state.
   */
  readonly access: 'read' | 'write';
  /** Design §4: the worker keeps the last answer for offline reading (reads only). */
  readonly offline?: true;
}

/** The body a caller sends: the schema's input, or nothing. */
export type BodyInput<E extends Endpoint> = E['body'] extends v.GenericSchema
  ? v.InferInput<E['body']>
  : undefined;
/** The body a handler receives, once validated. */
export type BodyOutput<E extends Endpoint> = E['body'] extends v.GenericSchema
  ? v.InferOutput<E['body']>
  : undefined;
/** What the server answers (the schema's input) and what the client gets (its output). */
export type ResponseInput<E extends Endpoint> = v.InferInput<E['response']>;
export type ResponseOutput<E extends Endpoint> = v.InferOutput<E['response']>;

/** Declares a call; typed as written, so each endpoint keeps its own schemas' types. */
// @__NO_SIDE_EFFECTS__
export function endpoint<const E extends Endpoint>(declaration: E): E {
  return declaration;
}

/** The path below /api with its `{name}` placeholders filled in. */
export function endpointPath(endpoint: Endpoint, params: Readonly<Record<string, string>> = {}) {
  return endpoint.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for {${name}}`);
    return value;
  });
}
