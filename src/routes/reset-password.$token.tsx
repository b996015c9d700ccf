import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';

export const Route = createFileRoute('/reset-password/$token')({
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useParams();
  // Keyed: another link opened in the same tab is checked and filled in anew.
  return <ResetPasswordPage key={token} token={token} />;
}
