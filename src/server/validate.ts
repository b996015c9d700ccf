import * as v from 'valibot';
import { badRequest } from './errors';

/** Parses a request body with its contract schema; the first issue's message becomes the 400 answer. */
export function parseBody<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, body ?? {});
  if (result.success) return result.output;
  const issue = result.issues[0];
  throw badRequest(missingKeyMessage(schema, issue) ?? issue.message);
}

/**
 * valibot reports a missing key with the object's generic message ("Invalid key: …"); the field's own
 * schema knows the message the user should see ("Password is required").
 */
function missingKeyMessage(schema: v.GenericSchema, issue: v.GenericIssue): string | undefined {
  if (issue.kind !== 'schema' || issue.type !== 'object' || issue.input !== undefined) return;
  let field: unknown = schema;
  for (const item of issue.path ?? []) {
    field = (field as { entries?: Record<string, unknown> }).entries?.[String(item.key)];
  }
  if (field === schema || !field) return;
  const result = v.safeParse(field as v.GenericSchema, undefined);
  return result.success ? undefined : result.issues[0].message;
}
