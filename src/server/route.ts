import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import {
  endpointPath,
  type BodyOutput,
  type Endpoint,
  type ResponseInput,
} from '../shared/contract/endpoint';
import type { Db, Reader } from './db/db';
import { parseBody } from './validate';

export interface RouteContext<E extends Endpoint> {
  /** The request body, validated with the endpoint's schema (a 400 with its message when not). */
  body: BodyOutput<E>;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * A read gets the read handle only: its statements leave the read cache's kept answers standing
   * (db/read-cache.ts). A write gets the database, whose every statement counts as a write.
   */
  db: E['access'] extends 'write' ? Db : Reader;
}

/** Answers with the endpoint's response (typed by its schema), or with the reply it sent itself. */
export type RouteHandler<E extends Endpoint> = (
  context: RouteContext<E>,
) => Promise<ResponseInput<E> | FastifyReply>;

export interface RouteOptions extends Pick<
  RouteShorthandOptions,
  'preHandler' | 'bodyLimit' | 'logLevel'
> {
  /** Values of the path's `{name}` placeholders (the partner's slug). */
  params?: Readonly<Record<string, string>>;
}

/**
 * Registers the server side of a declared call (src/shared/contract): method and path from the
 * declaration, the body parsed with its schema before the handler runs (steps that must come first,
 * such as counting an attempt, go in `preHandler`), the database handle its access allows.
 * Register inside a plugin with the prefix `/api`: `route(app, newCampaign)(async (context) => …)`.
 * Two calls, so that the endpoint's type is fixed before the handler's answer is checked against it
 * (in one generic call TypeScript widens the answer's `success: true` to boolean).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  { params, ...options }: RouteOptions = {},
) {
  const db = (endpoint.access === 'write' ? app.db : app.db.read) as RouteContext<E>['db'];
  const schema = endpoint.body;
  return (handler: RouteHandler<E>): void => {
    app.route({
      ...options,
      method: endpoint.method,
      url: `/${endpointPath(endpoint, params)}`,
      handler: (request, reply) =>
        handler({
          body: (schema ? parseBody(schema, request.body) : undefined) as BodyOutput<E>,
          request,
          reply,
          db,
        }),
    });
  };
}
