import Fastify from 'fastify';

/**
 * Plays the partner creator-search site in development and tests (design §5). Never loaded in
 * production. Endpoints:
 * - POST /api/auth/login {username, password} → 200 {success, user: {username, email}} | 401
 *   (or the status set with `failLogins`, to play an outage)
 */
export interface PartnerAccount {
  username: string;
  password: string;
  email: string;
}

export interface PartnerSimulatorOptions {
  port?: number;
  host?: string;
  accounts: PartnerAccount[];
}

export interface PartnerSimulator {
  url: string;
  stop(): Promise<void>;
  /** Tests: every login answers this status (e.g. 503) until called again without one. */
  failLogins(status?: number): void;
}

export async function startPartnerSimulator(
  options: PartnerSimulatorOptions,
): Promise<PartnerSimulator> {
  const app = Fastify({ logger: false });
  let loginFailureStatus: number | undefined;
  const accounts = new Map(
    options.accounts.map((account) => [account.username.toLowerCase(), account]),
  );

  app.post<{ Body: { username?: unknown; password?: unknown } }>(
    '/api/auth/login',
    async (request, reply) => {
      if (loginFailureStatus !== undefined) {
        return reply
          .status(loginFailureStatus)
          .send({ success: false, message: 'Service unavailable' });
      }
      const { username, password } = request.body ?? {};
      const account =
        typeof username === 'string' ? accounts.get(username.toLowerCase()) : undefined;
      if (!account || account.password !== password) {
        return reply.status(401).send({ success: false, message: 'Invalid credentials' });
      }
      return { success: true, user: { username: account.username, email: account.email } };
    },
  );

  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  return {
    url: address,
    stop: () => app.close(),
    failLogins: (status) => {
      loginFailureStatus = status;
    },
  };
}
