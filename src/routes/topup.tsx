import { createFileRoute, redirect } from '@tanstack/react-router';

/** The account page's quick action links to /topup (spec §2); the page lives at /topup-balance. */
export const Route = createFileRoute('/topup')({
  beforeLoad: () => {
    throw redirect({ to: '/topup-balance', replace: true });
  },
});
