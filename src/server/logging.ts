import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from './config';

/**
 * Issue 20: the log. In production (LOG_FORMAT=json) one JSON line per entry, each request's lines
 * carrying its id (the load balancer's X-Request-Id when it sends one). In development
 * (LOG_FORMAT=pretty) a quiet log a person reads: the start, warnings, errors and one line per failed
 * request; LOG_LEVEL=debug adds a line for every request.
 */
export function loggerOptions(
  config: Config,
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId'> {
  const logger = { level: config.logLevel, redact: ['req.headers.cookie', 'req.body.password'] };
  if (config.logFormat === 'json') return { logger, genReqId: requestId };
  return {
    logger: {
      ...logger,
      stream: pretty({
        sync: true,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname,reqId',
        singleLine: true,
      }),
    },
    logController: new QuietRequestLog(),
    genReqId: requestId,
  };
}

/** An id the balancer gave (X-Request-Id) when it is a plain one, else a new UUID: unique across processes. */
function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}

/** Development: one line a request, once answered, and only for failures unless LOG_LEVEL=debug. */
class QuietRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    const line = `${request.method} ${request.url} ${status} (${Math.round(reply.elapsedTime)} ms)`;
    if (error || status >= 500) request.log.error(line);
    else if (status >= 400) request.log.info(line);
    else request.log.debug(line);
  }
}

/** Each answer names its request id, so a user's report can be found in the log. */
export function answerWithRequestId(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
}
