import { usePublicConfig } from '@/lib/public-config';

/** The public profile page on the partner site, or undefined until the config has loaded. */
export function usePartnerProfileUrl(): (username: string) => string | undefined {
  const template = usePublicConfig().data?.links.partnerProfile;
  return (username) =>
    template ? template.replace('{username}', encodeURIComponent(username)) : undefined;
}
