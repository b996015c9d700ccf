import { createHmac } from 'node:crypto';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPartnerSignature, signPartnerRequest } from '@/server/domain/auth/partner-signature';
import type { PartnerOpenApi, SchemaNode } from '@/server/openapi/types';
import { CLICK_ID_PATTERN, ClickBatchBody, ClickEventInput } from '@/shared/contract/partner';
import { useTestApp } from '../../helpers/fixtures';

/**
 * Issue 18 point 4: the partner API as OpenAPI 3.1 (/api/openapi.json) and as a page (/api/docs).
 * The worked signing example is checked twice: against the signing code, and by a partner following
 * it against the running app.
 */

const PARTNER_SECRET = 'openapi-test-partner-secret';

interface Answer {
  status: number;
  body: unknown;
}

describe('the partner API documentation', () => {
  const t = useTestApp('pglite', { PARTNER_SECRET });
  let document: PartnerOpenApi;

  beforeAll(async () => {
    document = (await (await fetch(`${t.server.url}/api/openapi.json`)).json()) as PartnerOpenApi;
  });

  /**
   * A partner's call, signed as the page says, with a plain HMAC rather than our signing code: a
   * POST over its body, a GET over its path and query.
   */
  async function partnerCall(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: string; type?: string; signature?: string; timestamp?: number } = {},
  ): Promise<Answer> {
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
    const signature =
      options.signature ??
      createHmac('sha256', PARTNER_SECRET)
        .update(`${timestamp}.${options.body ?? path}`)
        .digest('hex');
    const response = await fetch(t.server.url + path, {
      method,
      headers: {
        'x-partner-timestamp': String(timestamp),
        'x-partner-signature': signature,
        ...(options.body !== undefined && { 'content-type': options.type ?? 'application/json' }),
      },
      body: options.body,
    });
    return { status: response.status, body: await response.json() };
  }

  /** The messages the document lists for an operation's answer. */
  function documentedMessages(path: string, method: 'get' | 'post', status: string): string[] {
    const answer = document.paths[path]?.[method]?.responses[status];
    return Object.keys(answer?.content?.['application/json'].examples ?? {});
  }

  it('is an OpenAPI 3.1 document, served as JSON', async () => {
    const response = await fetch(`${t.server.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: 'http://app.test', description: 'This server' }]);
  });

  it('documents the three partner calls, each signed with the two headers', () => {
    const operations = Object.entries(document.paths).map(
      ([path, item]) => `${Object.keys(item).join()} ${path}`,
    );
    expect(operations).toEqual([
      'get /api/partner/categories',
      'get /api/partner/placements',
      'post /api/partner/clicks',
    ]);
    expect(document.security).toEqual([{ partnerTimestamp: [], partnerSignature: [] }]);
    const { partnerTimestamp, partnerSignature } = document.components.securitySchemes;
    expect(
      [partnerTimestamp, partnerSignature].map(({ type, in: where, name }) => [type, where, name]),
    ).toEqual([
      ['apiKey', 'header', 'x-partner-timestamp'],
      ['apiKey', 'header', 'x-partner-signature'],
    ]);
    expect(documentedMessages('/api/partner/categories', 'get', '401')).toEqual([
      'Missing partner signature',
      'Partner request timestamp is too old',
      'Invalid partner signature',
    ]);
  });

  it('describes a click event as the contract takes it', () => {
    const clicks = document.paths['/api/partner/clicks']!.post!;
    const events = clicks.requestBody!.content['application/json'].schema.properties!.events!;
    expect([events.minItems, events.maxItems]).toEqual([1, 1000]);
    const event = events.items!;
    const description = (name: keyof typeof ClickEventInput.entries) => {
      const field = ClickEventInput.entries[name];
      return v.getDescription('wrapped' in field ? field.wrapped : field);
    };
    expect(event.required).toEqual(['id', 'username', 'at']);
    expect(event.properties).toEqual({
      id: {
        type: 'string',
        minLength: 1,
        pattern:
          '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-7[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$',
        description: description('id'),
      },
      username: {
        type: 'string',
        minLength: 1,
        maxLength: 100,
        description: description('username'),
      },
      at: { type: 'string', format: 'date-time', description: description('at') },
      visitor_id: { type: 'string', maxLength: 200, description: description('visitor_id') },
      user_agent: { type: 'string', maxLength: 1000, description: description('user_agent') },
      ip: { type: 'string', maxLength: 200, description: description('ip') },
    });
    // JSON Schema patterns have no /i flag: the documented one takes exactly the ids the contract takes.
    const documented = new RegExp(event.properties!.id!.pattern!);
    for (const id of [
      '019b76da-a800-7c3e-9f21-5b0e4d7a8c61',
      '019B76DA-A800-7C3E-9F21-5B0E4D7A8C61',
      '019b76da-a800-4c3e-9f21-5b0e4d7a8c61',
      '019b76da-a800-7c3e-cf21-5b0e4d7a8c61',
      '019b76daa8007c3e9f215b0e4d7a8c61',
    ]) {
      expect(documented.test(id), id).toBe(CLICK_ID_PATTERN.test(id));
    }
  });

  it('describes the clicks answer with its invalid clicks by reason', () => {
    const answer =
      document.paths['/api/partner/clicks']!.post!.responses['200']!.content!['application/json']
        .schema;
    const count = (node: SchemaNode | undefined) => [node?.type, node?.minimum];
    expect(Object.keys(answer.properties!)).toEqual([
      'success',
      'received',
      'duplicates',
      'billed',
      'unbilled',
      'budgetReached',
      'invalid',
      'invalidReasons',
      'endedCampaigns',
    ]);
    expect(count(answer.properties!.invalid)).toEqual(['integer', 0]);
    const reasons = answer.properties!.invalidReasons!;
    expect(reasons.required).toEqual([
      'bot',
      'unidentified',
      'doubleClick',
      'dailyCap',
      'notPlaced',
      'tooOld',
      'future',
    ]);
    expect(Object.values(reasons.properties!).map(count)).toEqual(Array(7).fill(['integer', 0]));
  });

  it("documents partner login as an endpoint the partner's site provides", () => {
    const login = document.webhooks.partnerLogin.post!;
    expect(login.description).toContain('posts the credentials they typed to /api/auth/login');
    expect(login.security).toEqual([]);
    const request = login.requestBody!.content['application/json'].schema;
    expect(request.required).toEqual(['username', 'password']);
    expect(Object.keys(login.responses)).toEqual(['200', '401', '403', 'default']);
    const user = login.responses['200']!.content!['application/json'].schema.properties!.user!;
    expect(user.required).toEqual(['username', 'email']);
    expect(user.properties!.email!.format).toBe('email');
  });

  it('serves a page with the operations and how to sign, with no script', async () => {
    const response = await fetch(`${t.server.url}/api/docs`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>PromoClicks partner API</title>');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).not.toContain('<script');
    const headings = [...html.matchAll(/<h([1-3])[^>]*>(.*?)<\/h\1>/g)].map(
      ([, level, text]) => `h${level} ${text!.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&')}`,
    );
    expect(headings).toEqual([
      'h1 PromoClicks partner API',
      'h2 Signing a request',
      'h3 Worked example: POST /api/partner/clicks',
      'h3 Worked example: GET /api/partner/placements?category=fitness',
      'h2 Operations',
      'h3 List categories: GET /api/partner/categories',
      'h3 Profiles to promote in a category: GET /api/partner/placements',
      'h3 Report clicks: POST /api/partner/clicks',
      'h2 Partner login: the endpoint your site provides',
      'h3 Partner login: POST {your site}/api/auth/login',
    ]);
    expect(html).toContain('<th scope="col">Field</th>');
    expect(html).toContain(
      '<pre>1767225605./api/partner/placements?category=fitness</pre>\n<h4>Signature (hex)</h4>\n<pre>2d58d22fabd866fa169db9be7a763c3466d8fca7eaadb740c890927d41892b0b</pre>',
    );
  });

  describe('the worked signing example', () => {
    it('gives the signatures the signing code gives', () => {
      const { secret, timestamp, requests } = document['x-signing-example'];
      expect([secret, timestamp]).toEqual(['example-partner-secret', 1767225605]);
      expect(requests.map((request) => request.signature)).toEqual([
        '4931cffd2e0bc8456999e271b183874b88b23925064c6ca46db7f4001f1ec305',
        '2d58d22fabd866fa169db9be7a763c3466d8fca7eaadb740c890927d41892b0b',
      ]);
      for (const request of requests) {
        const payload = request.body ?? request.path;
        expect(request.stringToSign).toBe(`${timestamp}.${payload}`);
        // The string signed, as a partner would sign it with any HMAC library…
        expect(createHmac('sha256', secret).update(request.stringToSign).digest('hex')).toBe(
          request.signature,
        );
        // …is what our server signs and accepts.
        expect(signPartnerRequest(secret, timestamp, payload)).toBe(request.signature);
        const headers = { timestamp: String(timestamp), signature: request.signature };
        expect(checkPartnerSignature(secret, headers, payload, timestamp)).toBe('ok');
      }
    });

    it('is a batch the contract takes, and its curl line sends the signed bytes', () => {
      const [clicks] = document['x-signing-example'].requests;
      expect(v.safeParse(ClickBatchBody, JSON.parse(clicks!.body!)).success).toBe(true);
      expect(clicks!.curl).toBe(
        [
          "curl -X POST 'http://app.test/api/partner/clicks'",
          "-H 'x-partner-timestamp: 1767225605'",
          "-H 'x-partner-signature: 4931cffd2e0bc8456999e271b183874b88b23925064c6ca46db7f4001f1ec305'",
          "-H 'content-type: application/json'",
          `--data-raw '${clicks!.body}'`,
        ].join(' \\\n  '),
      );
    });

    it('signs requests the app accepts, done the documented way with our secret', async () => {
      const categories = await partnerCall('GET', '/api/partner/categories');
      expect(categories.status).toBe(200);
      expect((categories.body as { categories: unknown[] }).categories.slice(0, 2)).toEqual([
        { name: 'Top', slug: 'top' },
        { name: 'New', slug: 'new' },
      ]);
      expect(await partnerCall('GET', '/api/partner/placements?category=fitness')).toEqual({
        status: 200,
        body: { success: true, data: [] },
      });
      // Past the signature check, the empty batch meets the contract's own rule.
      expect(await partnerCall('POST', '/api/partner/clicks', { body: '{"events":[]}' })).toEqual({
        status: 400,
        body: { success: false, message: 'A batch needs at least one click' },
      });
    });

    it('refuses the example sent as it is: its timestamp is long past', async () => {
      const [clicks] = document['x-signing-example'].requests;
      const answer = await partnerCall('POST', '/api/partner/clicks', {
        body: clicks!.body,
        timestamp: document['x-signing-example'].timestamp,
        signature: clicks!.signature,
      });
      expect(answer).toEqual({
        status: 401,
        body: { success: false, message: 'Partner request timestamp is too old' },
      });
    });
  });

  it('answers each refusal with the status and message the document lists', async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, 'get' | 'post', () => Promise<Answer>, number, string][] = [
      [
        '/api/partner/categories',
        'get',
        () => partnerCall('GET', '/api/partner/categories', { signature: 'ab'.repeat(32) }),
        401,
        'Invalid partner signature',
      ],
      [
        '/api/partner/categories',
        'get',
        () =>
          fetch(`${t.server.url}/api/partner/categories`).then(async (response) => ({
            status: response.status,
            body: await response.json(),
          })),
        401,
        'Missing partner signature',
      ],
      [
        '/api/partner/categories',
        'get',
        () => partnerCall('GET', '/api/partner/categories', { timestamp: now - 301 }),
        401,
        'Partner request timestamp is too old',
      ],
      [
        '/api/partner/placements',
        'get',
        () => partnerCall('GET', '/api/partner/placements?category=no-such-category'),
        404,
        'Unknown category',
      ],
      [
        '/api/partner/clicks',
        'post',
        () => partnerCall('POST', '/api/partner/clicks', { body: '{"events":' }),
        400,
        'Request body is not valid JSON',
      ],
      [
        '/api/partner/clicks',
        'post',
        // Over the 2 MiB that routes/partner.ts allows.
        () => partnerCall('POST', '/api/partner/clicks', { body: 'x'.repeat(3 * 1024 * 1024) }),
        413,
        'Request body is too large',
      ],
      [
        '/api/partner/clicks',
        'post',
        () => partnerCall('POST', '/api/partner/clicks', { body: '{}', type: 'text/plain' }),
        415,
        'Requests must be sent as JSON',
      ],
    ];
    for (const [path, method, answer, status, message] of cases) {
      expect(await answer(), `${status} ${message}`).toEqual({
        status,
        body: { success: false, message },
      });
      expect(documentedMessages(path, method, String(status))).toContain(message);
    }
  });
});
