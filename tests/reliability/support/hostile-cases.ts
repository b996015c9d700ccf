import {
  INFINITE_JSON_NUMBER,
  LONG_TEXTS,
  NOT_JSON_NUMBERS,
  NOT_NUMBER,
  NOT_TEXT,
  NUL_TEXT,
  SHORT_TEXTS,
  AMOUNTS,
  IDS,
} from './hostile-values';

/** What a hostile request must get: an error `{ success: false, message }`, or exactly `body`. */
export type Answer = { status: number; message: string } | { status: number; body: unknown };

export const refused = (message: string, status = 400): Answer => ({ status, message });

export const MESSAGES = {
  invalidJson: 'Request body is not valid JSON',
  tooLarge: 'Request body is too large',
  notJson: 'Requests must be sent as JSON',
  crossOrigin: 'Cross-origin requests are not allowed',
  notAnObject: 'Request body must be a JSON object',
  nul: 'Text must not contain the NUL character',
  notAuthenticated: 'Not authenticated',
} as const;

/** Who sends a request: advertiser A (signed in) or a client without a session. */
export type Sender = 'a' | 'anonymous';

export interface HostileRequest {
  name: string;
  method: string;
  path: string;
  as: Sender;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (with `content-type: application/json` unless `headers` says otherwise). */
  raw?: string;
  headers?: Record<string, string>;
  expect: Answer;
}

/** How one body field answers each kind of hostile value. */
export interface FieldSpec {
  /** An id is a number or a string of digits. */
  type: 'text' | 'number' | 'id' | 'boolean' | 'list';
  /** The answer to a value of another JSON type; also to a missing field and null unless set. */
  wrongType: Answer;
  /** 'valid' for a field that may be left out (its default then applies). */
  missing?: Answer | 'valid';
  null?: Answer | 'valid';
  /** Text fields: the answer to SHORT_TEXTS and to LONG_TEXTS. */
  text?: Answer;
  tooLong?: Answer;
  /** Amount fields: the answer to each of AMOUNTS (an infinite number gets `wrongType`). */
  amounts?: Record<keyof typeof AMOUNTS, Answer>;
  /** Id fields: the answer to each of IDS. */
  ids?: Record<keyof typeof IDS, Answer>;
}

/** A POST endpoint taking a JSON object. */
export interface JsonEndpoint {
  path: string;
  as: Sender;
  /**
   * A body the field cases change one field of. Where it is harmless to send as is, `templateAnswer`
   * says what it gets (and it is sent, also with a huge extra field).
   */
  template: Record<string, unknown>;
  templateAnswer?: Answer;
  /** The answer to `{}` and to `null`. */
  empty: Answer;
  /** The endpoint reads no body (logout): any well-formed JSON gets `templateAnswer`. */
  bodyIgnored?: boolean;
  fields: Record<string, FieldSpec>;
  extra?: Omit<HostileRequest, 'method' | 'path' | 'as'>[];
}

const RAW_PLACEHOLDER = 'raw-token-placeholder';

/** The template's JSON with `token` written as is where the field's value goes. */
function withRaw(template: Record<string, unknown>, field: string, token: string): string {
  return JSON.stringify({ ...template, [field]: RAW_PLACEHOLDER }).replace(
    JSON.stringify(RAW_PLACEHOLDER),
    token,
  );
}

/** Every hostile request for a JSON endpoint: body-level, then field by field, then its extras. */
export function jsonCases(endpoint: JsonEndpoint): HostileRequest[] {
  const { template } = endpoint;
  const notAnObject =
    endpoint.bodyIgnored && endpoint.templateAnswer
      ? endpoint.templateAnswer
      : refused(MESSAGES.notAnObject);
  const cases: Omit<HostileRequest, 'method' | 'path' | 'as'>[] = [
    { name: 'malformed JSON', raw: '{"a":', expect: refused(MESSAGES.invalidJson) },
    { name: 'empty JSON body', raw: '', expect: refused(MESSAGES.invalidJson) },
    { name: 'trailing garbage', raw: '{}}', expect: refused(MESSAGES.invalidJson) },
    {
      name: '__proto__ key',
      raw: '{"__proto__": {"isAdmin": true}}',
      expect: refused(MESSAGES.invalidJson),
    },
    {
      name: 'constructor.prototype key',
      raw: '{"constructor": {"prototype": {"isAdmin": true}}}',
      expect: refused(MESSAGES.invalidJson),
    },
    {
      name: 'body over 64 KB',
      body: { ...template, padding: 'x'.repeat(70 * 1024) },
      expect: refused(MESSAGES.tooLarge, 413),
    },
    {
      name: 'text/plain',
      raw: JSON.stringify(template),
      headers: { 'content-type': 'text/plain' },
      expect: refused(MESSAGES.notJson, 415),
    },
    {
      name: 'form-encoded',
      raw: 'username=x&amount=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      expect: refused(MESSAGES.notJson, 415),
    },
    {
      name: 'another site as Origin',
      body: template,
      headers: { origin: 'https://evil.example' },
      expect: refused(MESSAGES.crossOrigin, 403),
    },
    { name: 'a list', raw: '[]', expect: notAnObject },
    { name: 'a string', raw: '"text"', expect: notAnObject },
    { name: 'a number', raw: '42', expect: notAnObject },
    { name: 'true', raw: 'true', expect: notAnObject },
    {
      name: 'a list nested 30,000 deep',
      raw: `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
      expect: notAnObject,
    },
    { name: 'null', raw: 'null', expect: endpoint.empty },
    { name: '{}', body: {}, expect: endpoint.empty },
  ];
  if (endpoint.templateAnswer) {
    cases.push(
      { name: 'the template', body: template, expect: endpoint.templateAnswer },
      {
        name: 'an extra 60,000-character field',
        body: { ...template, extra: 'x'.repeat(60_000) },
        expect: endpoint.templateAnswer,
      },
    );
  }
  for (const [field, spec] of Object.entries(endpoint.fields)) {
    cases.push(...fieldCases(template, field, spec));
  }
  cases.push(...(endpoint.extra ?? []));
  const withSender = cases.map((item) => ({
    ...item,
    method: 'POST',
    path: endpoint.path,
    as: endpoint.as,
  }));
  if (endpoint.as === 'anonymous') return withSender;
  return [...withSender, ...sessionCases('POST', endpoint.path, template)];
}

function fieldCases(
  template: Record<string, unknown>,
  field: string,
  spec: FieldSpec,
): Omit<HostileRequest, 'method' | 'path' | 'as'>[] {
  const set = (value: unknown) => ({ ...template, [field]: value });
  const cases: Omit<HostileRequest, 'method' | 'path' | 'as'>[] = [];
  const missing = spec.missing ?? spec.wrongType;
  if (missing !== 'valid') {
    const { [field]: _dropped, ...rest } = template;
    cases.push({ name: `${field} missing`, body: rest, expect: missing });
  }
  const nullAnswer = spec.null ?? spec.wrongType;
  if (nullAnswer !== 'valid') {
    cases.push({ name: `${field} null`, body: set(null), expect: nullAnswer });
  }
  const wrongTypes: Record<string, unknown> = {
    text: NOT_TEXT,
    number: NOT_NUMBER,
    id: { text: 'abc', boolean: true, list: [1], object: { id: 1 } },
    boolean: { text: 'true', number: 1, list: [true], object: { value: true } },
    list: { text: '1', number: 1, object: { value: 1 } },
  }[spec.type]!;
  for (const [kind, value] of Object.entries(wrongTypes)) {
    if (value === null) continue;
    cases.push({ name: `${field} as ${kind}`, body: set(value), expect: spec.wrongType });
  }
  cases.push({ name: `${field} with NUL`, body: set(NUL_TEXT), expect: refused(MESSAGES.nul) });
  if (spec.text) {
    for (const [kind, value] of Object.entries(SHORT_TEXTS)) {
      cases.push({ name: `${field}: ${kind}`, body: set(value), expect: spec.text });
    }
  }
  if (spec.tooLong) {
    for (const [kind, value] of Object.entries(LONG_TEXTS)) {
      cases.push({ name: `${field}: ${kind}`, body: set(value), expect: spec.tooLong });
    }
  }
  if (spec.amounts) {
    for (const [kind, value] of Object.entries(AMOUNTS)) {
      const answer = spec.amounts[kind as keyof typeof AMOUNTS];
      cases.push({ name: `${field} = ${kind}`, body: set(value), expect: answer });
    }
    for (const token of NOT_JSON_NUMBERS) {
      cases.push({
        name: `${field} = ${token} (not JSON)`,
        raw: withRaw(template, field, token),
        expect: refused(MESSAGES.invalidJson),
      });
    }
    cases.push({
      name: `${field} = ${INFINITE_JSON_NUMBER} (Infinity)`,
      raw: withRaw(template, field, INFINITE_JSON_NUMBER),
      expect: spec.wrongType,
    });
  }
  if (spec.ids) {
    for (const [kind, value] of Object.entries(IDS)) {
      const answer = spec.ids[kind as keyof typeof IDS];
      cases.push({ name: `${field} = ${kind}`, body: set(value), expect: answer });
    }
  }
  return cases;
}

/** Without a session, or with a session cookie that names none: 401 before anything else. */
export function sessionCases(method: string, path: string, body?: unknown): HostileRequest[] {
  const unauthorized = refused(MESSAGES.notAuthenticated, 401);
  const cookies = {
    'a made-up session id': `sid=${'x'.repeat(43)}`,
    'a session id with NUL and 0xFF escapes': 'sid=%00%ff',
    'a 4,000-character session id': `sid=${'a'.repeat(4000)}`,
    'a session id with SQL in it': "sid=' OR '1'='1",
  };
  // Issue 17: the session check answers a visitor without a session as signed out, not as an error.
  const noSession: Answer =
    path === '/api/auth/check-auth'
      ? { status: 200, body: { success: true, user: null } }
      : unauthorized;
  return [
    { name: 'no session', method, path, as: 'anonymous', body, expect: noSession },
    ...Object.entries(cookies).map(([name, cookie]) => ({
      name,
      method,
      path,
      as: 'anonymous' as const,
      body,
      headers: { cookie },
      expect: unauthorized,
    })),
  ];
}

/** A GET endpoint: junk query strings are ignored; signed-in ones refuse anonymous callers. */
export function getCases(path: string, as: Sender, answer: Answer): HostileRequest[] {
  const queries = ['?a=1&a=2&__proto__[x]=1', '?q=%00%ff%fe', `?long=${'x'.repeat(4000)}`];
  const cases: HostileRequest[] = queries.map((query) => ({
    name: `query ${query.slice(0, 20)}`,
    method: 'GET',
    path: path + query,
    as,
    expect: answer,
  }));
  if (as === 'a') cases.push(...sessionCases('GET', path));
  return cases;
}

/** The same requests as HEAD: the status of the GET, no body. */
export function headCases(cases: HostileRequest[]): HostileRequest[] {
  return cases.map((item) => ({ ...item, method: 'HEAD', name: `HEAD ${item.name}` }));
}
