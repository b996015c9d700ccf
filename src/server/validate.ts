import * as v from 'valibot';
import { badRequest } from './errors';

/** Parses a request body with its contract schema; the first issue's message becomes the 400 answer. */
export function parseBody<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, body ?? {});
  if (result.success) return result.output;
  throw badRequest(result.issues[0].message);
}
