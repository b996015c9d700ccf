import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PartnerLoginForm } from '@/features/auth/components/partner-login-form';
import { publicConfigQueryOptions } from '@/lib/public-config';

export const Route = createFileRoute('/_public/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(publicConfigQueryOptions),
  component: PartnerLoginPage,
});

function PartnerLoginPage() {
  const { data: config } = useSuspenseQuery(publicConfigQueryOptions);
  return <PartnerLoginForm config={config} />;
}
