import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PublicConfig } from '@/shared/contract/config';
import type { User } from '@/shared/contract/user';

export interface StubRequest {
  method: string;
  path: string;
  body: unknown;
  /** The request's headers, by lower-case name. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** What a stub route answers: a status and JSON body, or a dropped connection (network failure). */
export type StubAnswer = { status?: number; body: unknown } | 'network-failure';
type Handler = (request: StubRequest) => StubAnswer | Promise<StubAnswer>;

export const stubConfig: PublicConfig = {
  partnerSlug: 'partner',
  partnerName: 'CreatorFinder',
  links: {
    partnerProfile: 'https://partner.test/profile/{username}',
    partnerForgotPassword: 'https://partner.test/forgot-password',
    terms: 'https://partner.test/terms',
    privacy: 'https://partner.test/privacy',
    chatSupport: 'https://chat.test/support',
    supportEmail: 'support@promo.test',
    explorerTx: 'https://explorer.test/tx/{hash}',
  },
};

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    username: 'alice',
    email: 'alice@example.com',
    isVerified: true,
    crypto_balance: 1234.5,
    campaigns: 3,
    createdAt: '2025-03-05T12:00:00.000Z',
    updatedAt: '2025-06-10T12:00:00.000Z',
    ...overrides,
  };
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  return raw ? (JSON.parse(raw) as unknown) : undefined;
}

/**
 * A local HTTP server that plays the API for component tests: GET /api/config answers the stub
 * config and check-auth answers signed out (user null) unless `signIn(user)` was called; other routes are set per test.
 */
export async function startStubServer() {
  const routes = new Map<string, Handler>();
  const requests: StubRequest[] = [];
  let signedInUser: User | null = null;

  const server = createServer((request, response) => {
    void (async () => {
      const origin = request.headers.origin;
      if (origin) {
        response.setHeader('access-control-allow-origin', origin);
        response.setHeader('access-control-allow-credentials', 'true');
        response.setHeader('access-control-allow-headers', 'content-type');
      }
      if (request.method === 'OPTIONS') {
        response.writeHead(204).end();
        return;
      }
      const path = new URL(request.url ?? '/', 'http://stub').pathname;
      const stubRequest = {
        method: request.method ?? 'GET',
        path,
        body: await readBody(request),
        headers: request.headers,
      };
      requests.push(stubRequest);
      const handler = routes.get(`${stubRequest.method} ${path}`);
      let answer: StubAnswer;
      if (handler) answer = await handler(stubRequest);
      else if (path === '/api/config') answer = { body: { success: true, data: stubConfig } };
      else if (path === '/api/auth/check-auth')
        // As the server answers a visitor without a session (issue 17): signed out, no error.
        answer = { body: { success: true, user: signedInUser ?? null } };
      else answer = { status: 404, body: { success: false, message: 'Not found' } };
      if (answer === 'network-failure') {
        request.socket.destroy();
        return;
      }
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    /** Every request received, in order. */
    requests,
    on(method: 'GET' | 'POST', path: string, handler: Handler | StubAnswer) {
      routes.set(`${method} ${path}`, typeof handler === 'function' ? handler : () => handler);
    },
    /** Holds the answers to a route until `release` is called (to see loading states). */
    hold(method: 'GET' | 'POST', path: string) {
      let release: (answer: StubAnswer) => void = () => undefined;
      const answer = new Promise<StubAnswer>((resolve) => (release = resolve));
      routes.set(`${method} ${path}`, () => answer);
      return { release: (value: StubAnswer) => release(value) };
    },
    signIn(user: User | null) {
      signedInUser = user;
    },
    /** Requests to one path (the auth check and config are noise in most assertions). */
    requestsTo(path: string) {
      return requests.filter((request) => request.path === path);
    },
    reset() {
      routes.clear();
      requests.length = 0;
      signedInUser = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StubServer = Awaited<ReturnType<typeof startStubServer>>;
