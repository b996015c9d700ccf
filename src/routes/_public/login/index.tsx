import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { LoginForm } from '@/features/auth/components/login-form';
import { publicConfigQueryOptions } from '@/lib/public-config';

export const Route = createFileRoute('/_public/login/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(publicConfigQueryOptions),
  component: LoginPage,
});

function LoginPage() {
  const { data: config } = useSuspenseQuery(publicConfigQueryOptions);
  return <LoginForm config={config} />;
}
