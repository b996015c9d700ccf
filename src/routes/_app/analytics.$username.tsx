import { createFileRoute } from '@tanstack/react-router';
import { campaignDetailsQueryOptions } from '@/entities/campaign/api/get-campaign-details';
import { dailyClicksQueryOptions } from '@/entities/campaign/api/get-daily-clicks';
import { TrackerPage } from '@/features/tracker/components/tracker-page';

export const Route = createFileRoute('/_app/analytics/$username')({
  // Fetched ahead only where nothing is held: a failure shows the tracker's own message with Try
  // Again (spec §2), and held data that went stale is refreshed by the page as it mounts. A loader
  // run again on the mounted page (the router did, while a dialog gave its history entry back after
  // a deletion) fetched the deleted campaign's queries, marked stale, and got two 404s.
  loader: ({ context, params }) => {
    const { queryClient } = context;
    const ignore = () => undefined;
    void queryClient.ensureQueryData(campaignDetailsQueryOptions(params.username)).catch(ignore);
    void queryClient.ensureQueryData(dailyClicksQueryOptions(params.username)).catch(ignore);
  },
  component: TrackerRoute,
});

function TrackerRoute() {
  const { username } = Route.useParams();
  return <TrackerPage key={username} username={username} />;
}
