import * as v from 'valibot';
import { badRequest } from './errors';

const VALIDATION_MESSAGES = {
  notAnObject: 'Request body must be a JSON object',
  nulCharacter: 'Text must not contain the NUL character',
} as const;

/**
 * Stands in for valibot's generic "Invalid type: Expected … but received …" wherever a schema has no
 * message of its own; `clearMessage` then words one from the field's name.
 */
const NO_MESSAGE = '\u0000no-message';
const PARSE_CONFIG = { message: NO_MESSAGE };

/**
 * Parses a request body with its contract schema; the first issue's message becomes the 400 answer.
 * A body sent without content (or JSON null) counts as an empty object; any other non-object is refused.
 */
export function parseBody<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  // PostgreSQL text cannot hold U+0000: refused here rather than failing in the database.
  if (containsNul(body)) throw badRequest(VALIDATION_MESSAGES.nulCharacter);
  // valibot's object() would take a list as an object with every key missing.
  if (body != null && (typeof body !== 'object' || Array.isArray(body))) {
    throw badRequest(VALIDATION_MESSAGES.notAnObject);
  }
  const result = v.safeParse(schema, body ?? {}, PARSE_CONFIG);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const message = missingKeyMessage(schema, issue) ?? issue.message;
  throw badRequest(message === NO_MESSAGE ? clearMessage(issue) : message);
}

/** Walks the body without recursion: a 64 KB body can nest 30,000 levels deep. */
function containsNul(body: unknown): boolean {
  const pending = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string' && value.includes('\u0000')) return true;
    if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * valibot reports a missing key with the object's generic message ("Invalid key: …"); the field's own
 * schema knows the message the user should see ("Password is required").
 */
function missingKeyMessage(schema: v.GenericSchema, issue: v.GenericIssue): string | undefined {
  if (issue.kind !== 'schema' || issue.type !== 'object' || issue.input !== undefined) return;
  let field: unknown = schema;
  for (const item of issue.path ?? []) {
    const current = field as { entries?: Record<string, unknown>; item?: unknown } | undefined;
    field = item.type === 'array' ? current?.item : current?.entries?.[String(item.key)];
  }
  if (field === schema || !field) return;
  const result = v.safeParse(field as v.GenericSchema, undefined, PARSE_CONFIG);
  if (result.success) return;
  const message = result.issues[0].message;
  return message === NO_MESSAGE ? `${fieldName(issue)} is required` : message;
}

const TYPE_NOUNS: Record<string, string> = {
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  Array: 'a list',
  Object: 'an object',
};

/** A message for an issue whose schema has none: names the field and what it must be. */
function clearMessage(issue: v.GenericIssue): string {
  if (!issue.path?.length) return 'Request body is not valid';
  const field = fieldName(issue);
  if (issue.kind === 'schema' && issue.input === undefined) return `${field} is required`;
  const noun = issue.kind === 'schema' ? TYPE_NOUNS[issue.expected ?? ''] : undefined;
  if (noun) return `${field} must be ${noun}`;
  if (issue.type === 'max_length') return `${field} is too long`;
  if (issue.type === 'min_length') return `${field} is too short`;
  return `${field} is not valid`;
}

/** `events[2].at` */
function fieldName(issue: v.GenericIssue): string {
  return (issue.path ?? [])
    .map((item, index) =>
      typeof item.key === 'number'
        ? `[${item.key}]`
        : `${index === 0 ? '' : '.'}${String(item.key)}`,
    )
    .join('');
}
