import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ApiError, isUnauthorized } from '../../../lib/api';
import { Spinner } from '../../../ui/spinner';
import { useModelAvailability } from '../../campaigns/api/check-model-availability';
import { CampaignForm } from './campaign-form';

/** Spec §2: where /error goes when the profile cannot get a campaign, or the check failed. */
function errorState(error: unknown) {
  if (error instanceof ApiError && error.status === 400) {
    return {
      status: 400,
      title: 'Model Not Available',
      message: 'Sorry, this model is currently not available for campaigns.',
    };
  }
  return {
    status: 500,
    title: 'Error Checking Model',
    message: 'There was an error loading this page. Please try again later.',
  };
}

/** /create-campaign/profile/{username}: the availability check first, then the form. */
export function CreateCampaignPage({ username }: { username: string }) {
  const availability = useModelAvailability(username);
  const navigate = useNavigate();
  const { error } = availability;

  useEffect(() => {
    // A 401 signs the user out through the query client; the guard takes over.
    if (!error || isUnauthorized(error)) return;
    void navigate({ to: '/error', replace: true, state: errorState(error) });
  }, [error, navigate]);

  if (!availability.isSuccess) return <Spinner label="Checking model availability" />;
  return <CampaignForm username={username} />;
}
