import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmail } from '../features/auth/components/verify-email';

export const Route = createFileRoute('/account/verification/$token')({
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { token } = Route.useParams();
  return <VerifyEmail key={token} token={token} />;
}
