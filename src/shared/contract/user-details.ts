import * as v from 'valibot';
import { endpoint } from './endpoint';
import { User } from './user';

/**
 * The account page's call, apart from the session check (contract/user.ts), which every signed-in
 * first load carries.
 */
export const UserDetailsResponse = v.object({
  success: v.literal(true),
  message: v.string(),
  data: User,
});
export type UserDetailsResponse = v.InferOutput<typeof UserDetailsResponse>;

export const getUserDetails = endpoint({
  method: 'GET',
  path: 'get-user-details',
  response: UserDetailsResponse,
  access: 'read',
  offline: true,
});
