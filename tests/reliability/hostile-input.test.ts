import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/server';
import { authEndpoints } from './support/hostile-auth-endpoints';
import { getCases, headCases, jsonCases, type HostileRequest } from './support/hostile-cases';
import { CROSS_SITE_GET, GET_ENDPOINTS, moneyEndpoints } from './support/hostile-money-endpoints';
import { avatarCases, partnerCases } from './support/hostile-partner';
import { PROFILE_GET_ENDPOINTS, profileEndpoints } from './support/hostile-profile-endpoints';
import { registeredRoutes } from './support/hostile-routes';
import { moneyState, startHostileWorld, type HostileWorld } from './support/hostile-world';

/**
 * Issue 6: hostile input to every endpoint gets a 4xx with a clear message (never a 5xx) and changes
 * nothing. Each endpoint's requests run against one world (advertisers A and B with balances,
 * campaigns, deposits and notifications); the money state is compared before and after.
 */

interface Outcome {
  status: number;
  body: unknown;
}

async function send(world: HostileWorld, request: HostileRequest): Promise<Outcome> {
  const headers: Record<string, string> = {};
  if (request.as === 'a') {
    headers.cookie = [...world.a.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  let body = request.raw;
  if (request.body !== undefined && body === undefined) body = JSON.stringify(request.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, request.headers);
  const response = await fetch(world.server.url + request.path, {
    method: request.method,
    headers,
    body,
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    body: text && type.includes('application/json') ? JSON.parse(text) : text,
  };
}

function expectedOutcome(request: HostileRequest): Outcome {
  const answer = request.expect;
  if (request.method === 'HEAD') return { status: answer.status, body: '' };
  const body = 'message' in answer ? { success: false, message: answer.message } : answer.body;
  return { status: answer.status, body };
}

function matches(actual: unknown, wanted: unknown): boolean {
  try {
    expect(actual).toEqual(wanted);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sends a route's requests a dozen at a time; answers each differing from what it should be, and
 * the money state when it changed.
 */
async function failuresOf(world: HostileWorld, route: string, requests: HostileRequest[]) {
  const before = await moneyState(world);
  const failures: unknown[] = [];
  for (let i = 0; i < requests.length; i += 12) {
    const chunk = requests.slice(i, i + 12);
    const outcomes = await Promise.all(chunk.map((request) => send(world, request)));
    outcomes.forEach((outcome, index) => {
      const request = chunk[index]!;
      const wanted = expectedOutcome(request);
      if (!matches(outcome, wanted)) {
        failures.push({
          route,
          case: request.name,
          path: request.path.slice(0, 80),
          outcome,
          wanted,
        });
      }
    });
  }
  const after = await moneyState(world);
  if (!matches(after, before)) failures.push({ route, moneyStateChanged: { before, after } });
  return failures;
}

describe.each(databaseKinds())('hostile input to every endpoint on %s', (kind) => {
  let world: HostileWorld;

  beforeAll(async () => {
    world = await startHostileWorld(kind);
  });
  afterAll(() => world?.close());

  /** Every case of this file, grouped by the route it is sent to ("METHOD /path"). */
  function casesByRoute(): Map<string, HostileRequest[]> {
    const all = [
      ...[...authEndpoints(world), ...moneyEndpoints(world), ...profileEndpoints()].flatMap(
        jsonCases,
      ),
      ...[...GET_ENDPOINTS, ...PROFILE_GET_ENDPOINTS].flatMap(({ path, as, answer }) => {
        const cases = getCases(path, as, answer);
        return [...cases, ...headCases(cases)];
      }),
      CROSS_SITE_GET,
      ...partnerCases(),
      ...headCases(partnerCases().filter((c) => c.method === 'GET')),
      ...avatarCases(),
      ...headCases(avatarCases()),
    ];
    const routes = new Map<string, HostileRequest[]>();
    for (const request of all) {
      const route = `${request.method} ${routeOf(request.path)}`;
      routes.set(route, [...(routes.get(route) ?? []), request]);
    }
    return routes;
  }

  it('covers every route the app registers', () => {
    expect([...casesByRoute().keys()].sort()).toEqual(registeredRoutes(world.server.app));
  });

  it('answers hostile input to each route with a clear 4xx and changes nothing', async () => {
    const failures: unknown[] = [];
    for (const [route, requests] of casesByRoute()) {
      failures.push(...(await failuresOf(world, route, requests)));
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

/** The route a request path is served by: its path without the query, avatars under one wildcard. */
function routeOf(path: string): string {
  const bare = path.split('?')[0]!;
  return bare.startsWith('/avatars/') ? '/avatars/*' : bare;
}
