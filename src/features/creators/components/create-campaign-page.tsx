import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { Campaign } from '@/shared/contract/campaigns';
import { ApiError, isUnauthorized } from '@/lib/api';
import { Card, EmptyState, PageHeader } from '@/ui/card';
import { Spinner } from '@/ui/spinner';
import { useModelAvailability } from '@/entities/campaign/api/check-model-availability';
import { campaignsQueryOptions } from '@/entities/campaign/api/get-campaigns';
import { CampaignForm } from './campaign-form';
import { OwnCampaignLink, ownCampaignFor } from './creator-result';
import * as styles from './creators.css';

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

/**
 * The advertiser's own campaign for the profile (null when none), checked once per visit like the
 * availability. Under its own key, not a view of the campaigns list: creating the campaign refreshes
 * that list, which must not swap the form for this page's notice before the form goes to the tracker.
 */
function useOwnCampaign(username: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['creators', 'own-campaign', username],
    queryFn: async () =>
      ownCampaignFor(await queryClient.fetchQuery(campaignsQueryOptions), username) ?? null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** A creator the advertiser already promotes: a second campaign would be refused (409). */
function OwnCampaignNotice({ campaign }: { campaign: Campaign }) {
  const username = campaign.Profile.username;
  return (
    <>
      <PageHeader title="Create Campaign" subtitle={`Promote @${username} with a click campaign`} />
      <Card>
        <EmptyState
          icon="★"
          title={
            campaign.status
              ? `You already promote ${username}`
              : `You already have a campaign for ${username}`
          }
        >
          <p>
            {campaign.status
              ? `Your campaign for ${username} is active. Top it up or pause it on its tracker.`
              : `Your campaign for ${username} is inactive. Reactivate it on its tracker to promote this creator again.`}
          </p>
          <div className={styles.ownCampaignActions}>
            <OwnCampaignLink username={username} active={campaign.status} />
            <Link to="/create-campaign">Find another creator</Link>
          </div>
        </EmptyState>
      </Card>
    </>
  );
}

/** /create-campaign/profile/{username}: the availability check first, then the form. */
export function CreateCampaignPage({ username }: { username: string }) {
  const availability = useModelAvailability(username);
  const own = useOwnCampaign(username);
  const navigate = useNavigate();
  const { error } = availability;
  // A failed look at the campaigns leaves the decision to the availability check alone.
  const ownCampaign = own.isPending ? undefined : (own.data ?? null);

  useEffect(() => {
    // A 401 signs the user out through the query client; the guard takes over.
    if (ownCampaign !== null || !error || isUnauthorized(error)) return;
    void navigate({ to: '/error', replace: true, state: errorState(error) });
  }, [ownCampaign, error, navigate]);

  if (ownCampaign) return <OwnCampaignNotice campaign={ownCampaign} />;
  if (ownCampaign === undefined || !availability.isSuccess) {
    return <Spinner label="Checking model availability" />;
  }
  return <CampaignForm username={username} />;
}
