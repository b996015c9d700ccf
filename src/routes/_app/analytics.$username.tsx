import { createFileRoute } from '@tanstack/react-router';
import { campaignDetailsQueryOptions } from '../../features/campaigns/api/get-campaign-details';
import { dailyClicksQueryOptions } from '../../features/campaigns/api/get-daily-clicks';
import { TrackerPage } from '../../features/tracker/components/tracker-page';

export const Route = createFileRoute('/_app/analytics/$username')({
  // Prefetch only: a failure shows the tracker's own message with Try Again (spec §2).
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(campaignDetailsQueryOptions(params.username));
    void context.queryClient.prefetchQuery(dailyClicksQueryOptions(params.username));
  },
  component: TrackerRoute,
});

function TrackerRoute() {
  const { username } = Route.useParams();
  return <TrackerPage key={username} username={username} />;
}
