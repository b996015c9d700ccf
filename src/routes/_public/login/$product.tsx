import { createFileRoute, notFound } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PartnerLoginForm } from '@/features/auth/components/partner-login-form';
import { publicConfigQueryOptions } from '@/lib/public-config';

export const Route = createFileRoute('/_public/login/$product')({
  loader: async ({ context, params }) => {
    const config = await context.queryClient.ensureQueryData(publicConfigQueryOptions);
    // Only the configured partner's slug exists (design §3).
    if (params.product !== config.partnerSlug) throw notFound();
  },
  component: PartnerLoginPage,
});

function PartnerLoginPage() {
  const { data: config } = useSuspenseQuery(publicConfigQueryOptions);
  return <PartnerLoginForm config={config} />;
}
