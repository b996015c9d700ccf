import * as v from 'valibot';
import { MessageResponse } from './common';
import { endpoint } from './endpoint';

/** Spec §3 User: what auth and details responses carry. Amounts are dollars at the edge. */
export const User = v.object({
  username: v.string(),
  email: v.string(),
  isVerified: v.boolean(),
  crypto_balance: v.number(),
  campaigns: v.number(),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type User = v.InferOutput<typeof User>;

export const UserResponse = v.object({
  success: v.literal(true),
  message: v.optional(v.string()),
  user: User,
});
export type UserResponse = v.InferOutput<typeof UserResponse>;

/**
 * The signed-in user; it also slides the session's expiry (design §3). A visitor who brings no session
 * at all is an ordinary answer, user null (issue 17: a 401 is logged by the browser as an error on
 * every public page view); a session that is over or unknown is still refused with 401.
 */
export const checkAuth = endpoint({
  method: 'GET',
  path: 'auth/check-auth',
  response: v.object({ success: v.literal(true), user: v.nullable(User) }),
  access: 'read',
  offline: true,
});

/** Ends the session (declared here, beside the session check: every signed-in screen has both). */
export const logout = endpoint({
  method: 'POST',
  path: 'auth/logout',
  response: MessageResponse,
  access: 'write',
});
