import * as v from 'valibot';
import { MessageResponse } from './common';
import { endpoint } from './endpoint';

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

/** Public settings the client needs: partner name and slug, external links (design §5). */
export const publicConfig = endpoint({
  method: 'GET',
  path: 'config',
  response: PublicConfigResponse,
  access: 'read',
});

export const health = endpoint({
  method: 'GET',
  path: 'health',
  response: MessageResponse,
  access: 'read',
});
