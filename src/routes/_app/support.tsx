import { createFileRoute } from '@tanstack/react-router';
import { publicConfigQueryOptions } from '@/lib/public-config';
import { SupportPage } from '@/features/support/components/support-page';

export const Route = createFileRoute('/_app/support')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(publicConfigQueryOptions),
  component: SupportPage,
});
