import * as v from 'valibot';

/** Partner-facing calls (design §5), signed with HMAC-SHA256; not used by the dashboard client. */
export const MAX_CLICK_BATCH = 1000;

export const ClickEventInput = v.object({
  id: v.pipe(
    v.string('Each click needs an id'),
    v.nonEmpty('Each click needs an id'),
    v.maxLength(100),
  ),
  username: v.pipe(
    v.string('Each click needs a username'),
    v.nonEmpty('Each click needs a username'),
    v.maxLength(100),
  ),
  at: v.pipe(
    v.string('Each click needs a time'),
    v.isoTimestamp('Each click time must be an ISO 8601 timestamp'),
  ),
});

export const ClickBatchBody = v.object({
  events: v.pipe(
    v.array(ClickEventInput, 'events must be a list'),
    v.minLength(1, 'A batch needs at least one click'),
    v.maxLength(MAX_CLICK_BATCH, `A batch holds at most ${MAX_CLICK_BATCH} clicks`),
  ),
});
export type ClickBatchBody = v.InferInput<typeof ClickBatchBody>;
