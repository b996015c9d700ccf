import fp from 'fastify-plugin';
import { changePassword, resetPassword } from '../../shared/contract/auth';
import { endpointPath } from '../../shared/contract/endpoint';
import { drainPasswordMails } from '../domain/auth/password-mails';

/** The calls whose success queues a password mail (src/server/domain/auth/accounts.ts). */
const QUEUEING_URLS = new Set(
  [changePassword, resetPassword].map((e) => `/api/${endpointPath(e)}`),
);

/**
 * Issue 32 point 10: sends the password change and reset mails the domain queued, once the answer
 * has gone (a slow mail server holds no request), and what a crash left queued with the next run.
 */
export const passwordMailsPlugin = fp(async (app) => {
  const draining = new Set<Promise<unknown>>();
  const drain = () => {
    const run = drainPasswordMails({
      db: app.db,
      mailer: app.mailer,
      appUrl: app.config.appUrl,
      onError: (error) => app.log.error({ err: error }, 'password mail failed'),
    })
      .catch((error: unknown) => app.log.error({ err: error }, 'password mail queue failed'))
      .finally(() => draining.delete(run));
    draining.add(run);
  };
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 300 && QUEUEING_URLS.has(request.routeOptions.url ?? '')) drain();
  });
  const timer = setInterval(drain, app.config.jobIntervalSeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await Promise.all(draining);
  });
});
