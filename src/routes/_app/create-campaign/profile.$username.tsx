import { createFileRoute } from '@tanstack/react-router';
import { CreateCampaignPage } from '@/features/creators/components/create-campaign-page';

export const Route = createFileRoute('/_app/create-campaign/profile/$username')({
  component: CreateCampaignRoute,
});

function CreateCampaignRoute() {
  const { username } = Route.useParams();
  // A new profile is a new check and a fresh form.
  return <CreateCampaignPage key={username} username={username} />;
}
