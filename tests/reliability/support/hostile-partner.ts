import { expect } from 'vitest';
import { signPartnerRequest } from '@/server/domain/auth/partner-signature';
import { clickId } from '../../helpers/click-ids';
import { ok } from './hostile-answers';
import { MESSAGES, refused, type Answer, type HostileRequest } from './hostile-cases';
import { HOSTILE_PARTNER_SECRET } from './hostile-world';

/** The partner endpoints (HMAC-signed, design §5) and the avatar files of the hostile-input test. */

const now = () => Math.floor(Date.now() / 1000);

/** Partner headers: signed with `secret` at `timestamp` over `signed` (the body, or a GET's URL). */
function partnerHeaders(
  signed: string,
  { timestamp = now(), secret = HOSTILE_PARTNER_SECRET } = {},
): Record<string, string> {
  return {
    'x-partner-timestamp': String(timestamp),
    'x-partner-signature': signPartnerRequest(secret, timestamp, signed),
  };
}

/** Requests whose signature or timestamp is wrong: 401 with the reason, whatever they carry. */
function signatureCases(method: string, path: string, raw?: string): HostileRequest[] {
  const signed = raw ?? path;
  const missing = refused('Missing partner signature', 401);
  const invalid = refused('Invalid partner signature', 401);
  const stale = refused('Partner request timestamp is too old', 401);
  const good = partnerHeaders(signed);
  const cases: [string, Record<string, string>, Answer][] = [
    ['no signature', {}, missing],
    ['a timestamp only', { 'x-partner-timestamp': String(now()) }, missing],
    ['a signature only', { 'x-partner-signature': good['x-partner-signature']! }, missing],
    ['a timestamp 10 minutes old', partnerHeaders(signed, { timestamp: now() - 600 }), stale],
    ['a timestamp 10 minutes ahead', partnerHeaders(signed, { timestamp: now() + 600 }), stale],
    ['a timestamp in exponent form', { ...good, 'x-partner-timestamp': '1e3' }, stale],
    ['a timestamp that is not a number', { ...good, 'x-partner-timestamp': 'soon' }, invalid],
    ['a fractional timestamp', { ...good, 'x-partner-timestamp': `${now()}.5` }, invalid],
    ['another secret', partnerHeaders(signed, { secret: 'guessed-secret' }), invalid],
    ['a signature of something else', partnerHeaders(`${signed}x`), invalid],
    ['a signature of zeros', { ...good, 'x-partner-signature': '0'.repeat(64) }, invalid],
    ['a signature that is not hex', { ...good, 'x-partner-signature': 'zz'.repeat(32) }, invalid],
    [
      'a 10,000-character signature',
      { ...good, 'x-partner-signature': 'a'.repeat(10_000) },
      invalid,
    ],
  ];
  return cases.map(([name, headers, answer]) => ({
    name,
    method,
    path,
    as: 'anonymous',
    raw,
    headers: raw === undefined ? headers : { 'content-type': 'application/json', ...headers },
    expect: answer,
  }));
}

/** Signed GETs: the signature is right, the query is hostile. */
function signedGet(name: string, path: string, answer: Answer): HostileRequest {
  return {
    name,
    method: 'GET',
    path,
    as: 'anonymous',
    headers: partnerHeaders(path),
    expect: answer,
  };
}

/** Signed click batches: the signature is right, the body is hostile. */
function signedClicks(name: string, raw: string, answer: Answer, type = 'application/json') {
  return {
    name,
    method: 'POST',
    path: '/api/partner/clicks',
    as: 'anonymous' as const,
    raw,
    headers: { 'content-type': type, ...partnerHeaders(raw) },
    expect: answer,
  };
}

export function partnerCases(): HostileRequest[] {
  const unknownCategory = refused('Unknown category', 404);
  const categories = ok(expect.objectContaining({ success: true, categories: expect.any(Array) }));
  // A well-formed click (a UUIDv7 id made now), so each case below is refused for its own change.
  const click = {
    id: clickId('hostile-click'),
    username: 'creator0',
    at: new Date().toISOString(),
  };
  const notUuidV7 = refused('Each click id must be a UUIDv7 made when the click happened');
  const batch = (events: unknown) => JSON.stringify({ events });
  const withClick = (change: Record<string, unknown>) => batch([{ ...click, ...change }]);
  return [
    ...signatureCases('GET', '/api/partner/categories'),
    signedGet('signed, junk query', '/api/partner/categories?x=%00%ff&__proto__=1', categories),
    ...signatureCases('GET', '/api/partner/placements?category=top'),
    ...[
      ['no category', '/api/partner/placements'],
      ['an empty category', '/api/partner/placements?category='],
      ['a SQL category', '/api/partner/placements?category=top%27%20OR%20%271%27%3D%271'],
      ['a NUL category', '/api/partner/placements?category=%00'],
      ['a 0xFF category', '/api/partner/placements?category=%ff'],
      ['a category given twice', '/api/partner/placements?category=top&category=new'],
      ['a category as an object', '/api/partner/placements?category[a]=top'],
      ['a 4,000-character category', `/api/partner/placements?category=${'x'.repeat(4000)}`],
    ].map(([name, path]) => signedGet(name!, path!, unknownCategory)),
    ...signatureCases('POST', '/api/partner/clicks', batch([click])),
    signedClicks('signed malformed JSON', '{"events": [', refused(MESSAGES.invalidJson)),
    signedClicks('signed empty body', '', refused(MESSAGES.invalidJson)),
    signedClicks('signed NaN', '{"events": NaN}', refused(MESSAGES.invalidJson)),
    signedClicks('signed list', '[]', refused(MESSAGES.notAnObject)),
    signedClicks('signed null', 'null', refused('events must be a list')),
    signedClicks('signed text/plain', batch([click]), refused(MESSAGES.notJson, 415), 'text/plain'),
    signedClicks('events as text', batch('x'), refused('events must be a list')),
    signedClicks('no events', batch([]), refused('A batch needs at least one click')),
    signedClicks(
      '1,001 events',
      batch(Array.from({ length: 1001 }, (_, i) => ({ ...click, id: clickId(`hostile-${i}`) }))),
      refused('A batch holds at most 1000 clicks'),
    ),
    signedClicks(
      'over 2 MB',
      batch([{ ...click, id: 'x'.repeat(2 * 1024 * 1024) }]),
      refused(MESSAGES.tooLarge, 413),
    ),
    signedClicks('id as a number', withClick({ id: 1 }), refused('Each click needs an id')),
    signedClicks('empty id', withClick({ id: '' }), refused('Each click needs an id')),
    signedClicks('id with NUL', withClick({ id: 'a\u0000b' }), refused(MESSAGES.nul)),
    signedClicks('101-character id', withClick({ id: 'x'.repeat(101) }), notUuidV7),
    ...[
      ['a free-text id', 'hostile-1'],
      ['a UUIDv4 id', '3b241101-e2bb-4255-8caf-4136c566a962'],
      ['a UUIDv7 id without its dashes', click.id.replaceAll('-', '')],
      ['a UUIDv7 id with a space after it', `${click.id} `],
      ['a UUIDv7 id of the wrong variant', `${click.id.slice(0, 19)}c${click.id.slice(20)}`],
    ].map(([name, id]) => signedClicks(name!, withClick({ id }), notUuidV7)),
    signedClicks(
      'no username',
      withClick({ username: undefined }),
      refused('Each click needs a username'),
    ),
    signedClicks(
      'username as a list',
      withClick({ username: ['creator0'] }),
      refused('Each click needs a username'),
    ),
    signedClicks(
      'at as a number',
      withClick({ at: 1_700_000_000 }),
      refused('Each click needs a time'),
    ),
    signedClicks(
      'visitor id as a number',
      withClick({ visitor_id: 7 }),
      refused('A visitor id must be text'),
    ),
    signedClicks(
      '201-character visitor id',
      withClick({ visitor_id: 'v'.repeat(201) }),
      refused('A visitor id has at most 200 characters'),
    ),
    signedClicks(
      'user agent as a list',
      withClick({ user_agent: ['Googlebot'] }),
      refused('A user agent must be text'),
    ),
    signedClicks(
      '1,001-character user agent',
      withClick({ user_agent: 'u'.repeat(1001) }),
      refused('A user agent has at most 1000 characters'),
    ),
    signedClicks('address as a number', withClick({ ip: 127 }), refused('An address must be text')),
    signedClicks(
      '201-character address',
      withClick({ ip: '1'.repeat(201) }),
      refused('An address has at most 200 characters'),
    ),
    ...['yesterday', '2026-13-01T00:00:00Z', '2026-01-01', "2026-01-01T00:00:00Z' OR 1=1"].map(
      (at) =>
        signedClicks(
          `at ${at}`,
          withClick({ at }),
          refused('Each click time must be an ISO 8601 timestamp'),
        ),
    ),
  ];
}

export function avatarCases(): HostileRequest[] {
  const notFound = refused('Not found', 404);
  const forbidden = refused('Forbidden', 403);
  const cases: [string, string, Answer][] = [
    ['an unknown file', '/avatars/nobody.svg', notFound],
    ['an encoded ../ path', '/avatars/%2e%2e%2f%2e%2e%2fpackage.json', notFound],
    ['an encoded absolute path', '/avatars/%2fetc%2fpasswd', notFound],
    ['a NUL in the name', '/avatars/a%00.svg', forbidden],
    ['a 0xFF byte in the name', '/avatars/%ff.svg', refused('The request address is not valid')],
    ['a dot file', '/avatars/.env', notFound],
    ['a 4,000-character name', `/avatars/${'a'.repeat(4000)}.svg`, forbidden],
  ];
  return cases.map(([name, path, answer]) => ({
    name,
    method: 'GET',
    path,
    as: 'anonymous',
    expect: answer,
  }));
}
