import { createFileRoute } from '@tanstack/react-router';
import { TopUpPage } from '../../features/topup/components/topup-page';

export const Route = createFileRoute('/_app/topup-balance')({
  component: TopUpPage,
});
