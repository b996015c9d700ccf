import {
  MAX_CLOCK_SKEW_SECONDS,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from '../domain/auth/partner-signature';

/** How to sign, as text the docs page and any OpenAPI viewer show (paragraphs, `- ` lists). */
export const SIGNING_DESCRIPTION = [
  'Every call to the partner API is signed with the secret we share with you (HMAC-SHA256) and carries two headers:',
  [
    `- \`${TIMESTAMP_HEADER}\`: the time of sending, in whole seconds since 1970-01-01 UTC.`,
    `- \`${SIGNATURE_HEADER}\`: the HMAC-SHA256 in hex (64 characters), keyed with the shared secret, of the timestamp, a full stop, and the payload.`,
  ].join('\n'),
  'The payload is:',
  [
    "- for a POST, the body's exact bytes: sign the text you send, do not serialise the JSON again;",
    '- for a GET, the path with its query string as sent, e.g. `/api/partner/placements?category=fitness`.',
  ].join('\n'),
  `A timestamp more than ${MAX_CLOCK_SKEW_SECONDS} seconds from our clock is refused, so a captured request cannot be replayed later: sign each request when you send it.`,
].join('\n\n');

/** One signed request, worked through from the secret to the headers. */
export interface SigningExample {
  method: 'GET' | 'POST';
  /** Path and query, as sent: a GET signs this. */
  path: string;
  /** The body's exact bytes: a POST signs this. */
  body?: string;
  stringToSign: string;
  signature: string;
}

/** A made-up secret: the real one is given to the partner out of band (PARTNER_SECRET). */
export const EXAMPLE_SECRET = 'example-partner-secret';
/** 2026-01-01T00:00:05Z, five seconds after the click it reports. */
export const EXAMPLE_TIMESTAMP = 1767225605;

const CLICKS_BODY =
  '{"events":[{"id":"019b76da-a800-7c3e-9f21-5b0e4d7a8c61","username":"jane_doe","at":"2026-01-01T00:00:00.000Z","visitor_id":"visitor-5d41402a","user_agent":"Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)","ip":"203.0.113.7"}]}';
const PLACEMENTS_PATH = '/api/partner/placements?category=fitness';

/**
 * The signatures are written out, not computed here: the integration test recomputes them with
 * domain/auth/partner-signature.ts, so a change to the signing that would leave partners' code behind
 * fails there instead of silently changing the page.
 */
export const SIGNING_EXAMPLES: readonly SigningExample[] = [
  {
    method: 'POST',
    path: '/api/partner/clicks',
    body: CLICKS_BODY,
    stringToSign: `${EXAMPLE_TIMESTAMP}.${CLICKS_BODY}`,
    signature: '4931cffd2e0bc8456999e271b183874b88b23925064c6ca46db7f4001f1ec305',
  },
  {
    method: 'GET',
    path: PLACEMENTS_PATH,
    stringToSign: `${EXAMPLE_TIMESTAMP}.${PLACEMENTS_PATH}`,
    signature: '2d58d22fabd866fa169db9be7a763c3466d8fca7eaadb740c890927d41892b0b',
  },
];

/** The example as a shell command; the body is single-quoted, so it must hold no single quote. */
export function curlOf(example: SigningExample, origin: string): string {
  const lines = [
    `curl${example.method === 'POST' ? ' -X POST' : ''} '${origin}${example.path}'`,
    `-H '${TIMESTAMP_HEADER}: ${EXAMPLE_TIMESTAMP}'`,
    `-H '${SIGNATURE_HEADER}: ${example.signature}'`,
  ];
  if (example.body !== undefined) {
    lines.push(`-H 'content-type: application/json'`, `--data-raw '${example.body}'`);
  }
  return lines.join(' \\\n  ');
}
