import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';

export const Route = createFileRoute('/reset-password/$token')({
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useParams();
  return <ResetPasswordForm token={token} />;
}
