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

/** The signed-in user; it also slides the session's expiry (design §3). */
export const checkAuth = endpoint({
  method: 'GET',
  path: 'auth/check-auth',
  response: UserResponse,
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
