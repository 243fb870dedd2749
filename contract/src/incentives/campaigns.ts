import { z } from 'zod/mini';
import { defineCall } from '../define';
import { campaignId } from './shared';

export const campaignSchema = z.object({
  id: z.string(),
  pointId: z.string(),
  title: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  entered: z.boolean(),
});
export type PointCampaign = z.infer<typeof campaignSchema>;

export const getPointCampaign = defineCall({
  name: 'getPointCampaign',
  method: 'GET',
  access: 'member',
  summary: "The campaign open now in the member's association (the one ending soonest), or null.",
  input: () => z.object({}),
  output: () => z.object({ campaign: z.nullable(campaignSchema) }),
});

export const entryPointCampaign = defineCall({
  name: 'entryPointCampaign',
  method: 'POST',
  access: 'member',
  createsResource: true,
  summary: 'Enters the open campaign once (again: the same answer, no second entry); 409 campaign_closed outside its period.',
  input: () => z.object({ campaignId }),
  output: () => campaignSchema,
});

export const getPointCampaignRedirectURL = defineCall({
  name: 'getPointCampaignRedirectURL',
  method: 'GET',
  access: 'member',
  summary: "The partner's page with a signed (HMAC-SHA256), 10-minute token naming only an opaque member reference; after entering.",
  input: () => z.object({ campaignId }),
  output: () => z.object({ url: z.string(), expiresAt: z.string() }),
});
