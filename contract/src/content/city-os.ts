import { z } from 'zod';
import { defineCall } from '../define';
import { isoTimestamp } from '../fields';

/* City OS: a signed, expiring link that takes the member to the partner identity service to opt in. */

/** How long the signed link is valid. */
export const CITY_OS_LINK_MINUTES = 10;

export const getCityOSOptInURL = defineCall({
  name: 'getCityOSOptInURL',
  method: 'GET',
  access: 'member',
  summary:
    "A link to the City OS partner's opt-in page for this member, signed with HMAC-SHA256 and valid 10 minutes; it comes back to the app's city-OS login callback (`target: app`) or to the site's home (`web`). 503 when no partner is configured.",
  input: () => z.object({ target: z.enum(['app', 'web'], { error: '戻り先の指定が正しくありません' }).default('web') }),
  output: () => z.object({ url: z.string(), expiresAt: isoTimestamp }),
});
