import * as v from 'valibot';
import { PartnerLoginBody } from '../../shared/contract/auth';

/**
 * Partner login runs the other way (design §5): our server (plugins/partner.ts) posts the
 * credentials an advertiser typed to the partner site's auth endpoint. These schemas describe that
 * endpoint for the partner who must provide it.
 */
export const PARTNER_LOGIN_PATH = '/api/auth/login';

/** What we send: the advertiser's sign-in form as our server took it (contract PartnerLoginBody). */
export const PartnerLoginRequest = v.object({
  username: v.pipe(
    PartnerLoginBody.entries.username,
    v.description('The partner username the advertiser typed, trimmed.'),
  ),
  password: v.pipe(
    PartnerLoginBody.entries.password,
    v.description('The password the advertiser typed, as typed. Never stored by our server.'),
  ),
});

/**
 * What the partner answers when it accepts the credentials; the same shape plugins/partner.ts reads
 * (its `LoginAnswer`). Other keys are ignored.
 */
export const PartnerLoginAnswer = v.object({
  user: v.object({
    username: v.pipe(
      v.string(),
      v.nonEmpty(),
      v.description(
        "The account's username on the partner site: the key our server links the advertiser's account by.",
      ),
    ),
    email: v.pipe(
      v.string(),
      v.email(),
      v.description(
        "The account's e-mail address, given to the advertiser account its first partner login makes (an existing account with this address is never linked without its owner's consent).",
      ),
    ),
  }),
});
