import * as accountTimeZone from './account-time-zone';
import * as auth from './auth';
import * as campaign from './campaign';
import * as campaigns from './campaigns';
import * as config from './config';
import * as deposits from './deposits';
import * as emailSignIn from './email-sign-in';
import type { Endpoint } from './endpoint';
import * as identity from './identity';
import * as login from './login';
import * as notifications from './notifications';
import * as partner from './partner';
import * as partnerLink from './partner-link';
import * as passkeys from './passkeys';
import * as profile from './profile';
import * as sessions from './sessions';
import * as statement from './statement';
import * as stats from './stats';
import * as twoFactor from './two-factor';
import * as unreadCount from './unread-count';
import * as user from './user';
import * as userDetails from './user-details';
import * as verification from './verification';

const modules = [
  accountTimeZone,
  auth,
  campaign,
  campaigns,
  config,
  deposits,
  emailSignIn,
  identity,
  login,
  notifications,
  partner,
  partnerLink,
  passkeys,
  profile,
  sessions,
  statement,
  stats,
  twoFactor,
  unreadCount,
  user,
  userDetails,
  verification,
];

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'response' in value &&
    'access' in value
  );
}

/**
 * Every call of the API, from the contract modules that declare them: for what must know all of
 * them (the worker's offline list, the server's route check). A screen imports the one it calls.
 */
export const ENDPOINTS: readonly Endpoint[] = modules.flatMap((module) =>
  Object.values(module).filter(isEndpoint),
);
