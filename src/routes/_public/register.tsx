import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { RegisterForm } from '@/features/auth/components/register-form';
import { publicConfigQueryOptions } from '@/lib/public-config';

export const Route = createFileRoute('/_public/register')({
  loader: ({ context }) => context.queryClient.ensureQueryData(publicConfigQueryOptions),
  component: RegisterPage,
});

function RegisterPage() {
  const { data: config } = useSuspenseQuery(publicConfigQueryOptions);
  return <RegisterForm config={config} />;
}
