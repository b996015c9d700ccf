import fp from 'fastify-plugin';
import * as v from 'valibot';
import type { PartnerIdentity } from '../domain/auth/partner-accounts';

/** The partner site could not give an answer (down, timed out, 5xx, or an answer we cannot read). */
export class PartnerUnavailableError extends Error {}

export interface PartnerClient {
  /** The partner account for these credentials; null when the partner refuses them. */
  login(username: string, password: string): Promise<PartnerIdentity | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    partner: PartnerClient;
  }
}

const LoginAnswer = v.object({
  user: v.object({
    username: v.pipe(v.string(), v.nonEmpty()),
    email: v.pipe(v.string(), v.email()),
  }),
});

/** Design §5: partner login posts the credentials to the partner's auth endpoint. */
export function createPartnerClient(partnerUrl: string, timeoutMs: number): PartnerClient {
  return {
    async login(username, password) {
      let response: Response;
      try {
        response = await fetch(`${partnerUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ username, password }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new PartnerUnavailableError(`Partner login request failed: ${String(error)}`);
      }
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        return null;
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new PartnerUnavailableError(`Partner login answered ${response.status}`);
      }
      const answer = v.safeParse(LoginAnswer, await response.json().catch(() => undefined));
      if (!answer.success) throw new PartnerUnavailableError('Partner login answer is malformed');
      return answer.output.user;
    },
  };
}

/** `app.partner`: the adapter for the partner site at PARTNER_URL. */
export const partnerPlugin = fp(async (app) => {
  app.decorate('partner', createPartnerClient(app.config.partnerUrl, app.config.partnerTimeoutMs));
});
