import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import * as v from 'valibot';
import {
  endpointPath,
  type BodyOutput,
  type Endpoint,
  type ResponseInput,
} from '../shared/contract/endpoint';
import type { Db, Reader } from './db/db';
import { HttpError } from './errors';
import {
  claimKey,
  idempotencyKeyOf,
  keepAnswer,
  keyOwner,
  REPLAYED_HEADER,
  requestHash,
  requestHashKey,
  type KeptAnswer,
} from './idempotency';
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

export interface RouteOptions<E extends Endpoint> extends Pick<
  RouteShorthandOptions,
  'preHandler' | 'bodyLimit' | 'logLevel'
> {
  /** Values of the path's `{name}` placeholders (the partner's slug). */
  params?: Readonly<Record<string, string>>;
  /**
   * What a write does with an `Idempotency-Key` header (src/server/idempotency.ts). 'keep', the
   * default: its answer is kept and a repeat gets it without the work being done again. 'ignore':
   * a repeat runs again, for calls whose answer is a new session (sign-in: a kept answer would lack
   * it, and sessions are never stored but hashed) and for calls that are repeatable as they are.
   */
  idempotency?: 'keep' | 'ignore';
  /**
   * Runs when a kept answer is replayed, before it is sent: registration signs the caller in again,
   * since the session of the first answer is not kept (the same body proves the same password).
   */
  onReplay?: (context: {
    request: FastifyRequest;
    reply: FastifyReply;
    body: BodyOutput<E>;
    answer: ResponseInput<E>;
  }) => Promise<void>;
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
  { params, idempotency = 'keep', onReplay, ...options }: RouteOptions<E> = {},
) {
  const db = (endpoint.access === 'write' ? app.db : app.db.read) as RouteContext<E>['db'];
  const schema = endpoint.body;
  const keeps = endpoint.access === 'write' && idempotency === 'keep';
  const hashKey = requestHashKey(app.config.sessionSecret);
  return (handler: RouteHandler<E>): void => {
    app.route({
      ...options,
      ...(app.config.checkAnswers ? { onSend: answerChecker(endpoint) } : {}),
      method: endpoint.method,
      url: `/${endpointPath(endpoint, params)}`,
      handler: async (request, reply) => {
        const context: RouteContext<E> = {
          body: (schema ? parseBody(schema, request.body) : undefined) as BodyOutput<E>,
          request,
          reply,
          db,
        };
        const key = keeps ? idempotencyKeyOf(request) : undefined;
        if (key === undefined) return handler(context);
        const answer = await answerOnce(app, endpoint, key, hashKey, context, handler);
        if (answer.replayed) {
          reply.header(REPLAYED_HEADER, 'true');
          await onReplay?.({
            request,
            reply,
            body: context.body,
            answer: JSON.parse(answer.answer) as ResponseInput<E>,
          });
        }
        return reply
          .status(answer.status)
          .type('application/json; charset=utf-8')
          .send(answer.answer);
      },
    });
  };
}

/**
 * A write with an Idempotency-Key: the key claimed, the work done and its answer kept in one
 * transaction that every statement of the handler joins (Db.within), or the kept answer of the
 * key's first request. An answer the caller caused (4xx but 429) is kept like a success; a 5xx, a
 * 429 or a crash rolls the work and the claim back, so the key is free for the retry.
 */
async function answerOnce<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  key: string,
  hashKey: Buffer,
  context: RouteContext<E>,
  handler: RouteHandler<E>,
): Promise<KeptAnswer & { replayed: boolean }> {
  const { request, reply, body } = context;
  const claim = {
    // The user of a signed-in call (its preHandler loaded them), else the browser's or the address's
    // keys: never the session cookie of a call that may end its session (register, reset password),
    // or its retry would be another owner's request.
    owner: keyOwner(request),
    key,
    hash: requestHash(hashKey, endpoint.method, endpoint.path, body),
    waitSeconds: app.config.idempotencyWaitSeconds,
  };
  return app.db.within(async (tx) => {
    const kept = await claimKey(app.db, tx, claim);
    if (kept) return { ...kept, replayed: true };
    let answer: KeptAnswer;
    try {
      const result = await handler(context);
      if (result === reply)
        throw new Error(`${endpoint.path}: a kept answer must be returned, not sent`);
      answer = { status: reply.statusCode, answer: JSON.stringify(result) };
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500 || error.statusCode === 429) {
        throw error;
      }
      answer = {
        status: error.statusCode,
        answer: JSON.stringify(error.body()),
      };
    }
    await keepAnswer(tx, claim, answer);
    return { ...answer, replayed: false };
  });
}

/**
 * Issue 34 point 2 (config CHECK_ANSWERS, on under test): a successful answer that does not match its
 * endpoint's response schema, however it was made (returned, sent as text built in SQL, or a kept
 * answer replayed), becomes a 500 that names the endpoint and the first differences, so the test
 * that meets it fails. Error answers (status 300 and above) have their own shape and are left alone.
 */
function answerChecker(endpoint: Endpoint): onSendHookHandler {
  return async (request, reply, payload) => {
    if (reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    const checked = v.safeParse(endpoint.response, JSON.parse(payload));
    if (checked.success) return payload;
    const differences = checked.issues
      .slice(0, 3)
      .map((issue) => `${v.getDotPath(issue) ?? '(answer)'}: ${issue.message}`)
      .join('; ');
    const message = `The answer of ${endpoint.method} /api/${endpoint.path} does not match its schema: ${differences}`;
    request.log.error({ answer: payload.slice(0, 2000) }, message);
    void reply.status(500);
    return JSON.stringify({ success: false, message });
  };
}
