import * as v from 'valibot';

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

export const UserDetailsResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  data: User,
});
export type UserDetailsResponse = v.InferOutput<typeof UserDetailsResponse>;
