import { createFileRoute } from '@tanstack/react-router';
import { CreatorSearchPage } from '@/features/creators/components/creator-search-page';

export const Route = createFileRoute('/_app/create-campaign/')({
  component: CreatorSearchPage,
});
