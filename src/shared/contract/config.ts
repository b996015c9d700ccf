import * as v from 'valibot';

export const PublicConfig = v.object({
  partnerSlug: v.string(),
  partnerName: v.string(),
  links: v.object({
    /** Contains `{username}`. */
    partnerProfile: v.string(),
    partnerForgotPassword: v.string(),
    terms: v.string(),
    privacy: v.string(),
    chatSupport: v.string(),
    supportEmail: v.string(),
    /** Contains `{hash}`. */
    explorerTx: v.string(),
  }),
});
export type PublicConfig = v.InferOutput<typeof PublicConfig>;

export const PublicConfigResponse = v.object({ success: v.literal(true), data: PublicConfig });
export type PublicConfigResponse = v.InferOutput<typeof PublicConfigResponse>;
