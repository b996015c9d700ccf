import * as v from 'valibot';

/** Every failure answers with this shape (style habit 6). */
export const ErrorResponse = v.object({ success: v.literal(false), message: v.string() });
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
