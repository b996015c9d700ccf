import { createFileRoute } from '@tanstack/react-router';
import { ConfirmEmail } from '../features/account/components/confirm-email';
import { LinkPartnerPage } from '../features/account/components/link-partner-page';
import { SetPasswordForm } from '../features/account/components/set-password-form';
import { EmailSignInPage } from '../features/auth/components/email-sign-in-page';
import { VerifyEmail } from '../features/auth/components/verify-email';
import { ErrorPage } from '../features/errors/components/error-page';

/**
 * The pages of the account's mailed links, open to anyone: /account/verification/{token} (spec §2),
 * issue 16's /account/confirm-email/{token}, /account/set-password/{token} and
 * /account/link-partner/{token}, and issue 32's /account/sign-in/{token}. One route for all: each route costs every first load its entry in
 * the route tree (about 50 B gzip, `npm run test:size`).
 */
export const Route = createFileRoute('/account/$link/$token')({
  component: AccountLinkPage,
});

function AccountLinkPage() {
  const { link, token } = Route.useParams();
  if (link === 'verification') return <VerifyEmail key={token} token={token} />;
  if (link === 'confirm-email') return <ConfirmEmail key={token} token={token} />;
  if (link === 'set-password') return <SetPasswordForm key={token} token={token} />;
  if (link === 'sign-in') return <EmailSignInPage key={token} token={token} />;
  // Not under the signed-in layout: its guard would drop the link, so the page asks to sign in.
  if (link === 'link-partner') return <LinkPartnerPage key={token} token={token} />;
  // Any other /account/{x}/{y}: the not-found page of unknown paths (spec §2).
  return <ErrorPage />;
}
