import * as v from 'valibot';

/**
 * Every failure answers with this shape (style habit 6); a few add a code the client acts on.
 */
export const ErrorResponse = v.object({
  success: v.literal(false),
  message: v.string(),
  code: v.optional(v.string()),
});

/** Issue 31: the campaign is not in the status the screen showed (409); the screen refreshes. */
export const CAMPAIGN_CHANGED_CODE = 'campaign_changed';
export type ErrorResponse = v.InferOutput<typeof ErrorResponse>;

/** Plain `{ success, message }` answers. */
export const MessageResponse = v.object({ success: v.boolean(), message: v.string() });
export type MessageResponse = v.InferOutput<typeof MessageResponse>;

export const Email = v.pipe(
  v.string('Email is required'),
  v.trim(),
  v.nonEmpty('Email is required'),
  v.maxLength(254, 'Email is too long'),
  v.email('Please enter a valid email address'),
  v.toLowerCase(),
);
