import { z } from 'zod/mini';
import { defineCall } from '../define';
import { callbackText, isoTimestamp } from '../fields';

/*
 * City OS: a signed, expiring link that takes the member to the partner identity service to opt in;
 * the partner sends the member back with `code` and `state` (the link's single-use nonce), which
 * the return page hands to completeCityOSOptIn.
 */

/** How long the signed link is valid. */
export const CITY_OS_LINK_MINUTES = 10;

export const getCityOSOptInURL = defineCall({
  name: 'getCityOSOptInURL',
  method: 'GET',
  access: 'member',
  summary:
    "A link to the City OS partner's opt-in page for this member, signed with HMAC-SHA256 and valid 10 minutes; it comes back to the app's city-OS login callback (`target: app`) or to the site's home (`web`). 503 when no partner is configured.",
  input: () => z.object({ target: z._default(z.enum(['app', 'web'], { error: '戻り先の指定が正しくありません' }), 'web') }),
  output: () => z.object({ url: z.string(), expiresAt: isoTimestamp }),
});

/** The return's errors (the return page shows their messages as they are). */
export const CityOsErrorCodes = {
  /** 400: the `state` is not a nonce this member was given, was used already, or expired. */
  stateInvalid: 'city_os_state_invalid',
  /** 403: the `state` was given to another session (another browser or sign-in). */
  stateMismatch: 'city_os_state_mismatch',
} as const;

export const completeCityOSOptIn = defineCall({
  name: 'completeCityOSOptIn',
  method: 'POST',
  access: 'member',
  summary:
    "The partner's return: `state` must be the nonce of a link this session was given, unexpired and unused (it is used up here); 400 `city_os_state_invalid` otherwise, 403 `city_os_state_mismatch` for another session's. Audited.",
  input: () => z.object({ code: callbackText('認可コード'), state: callbackText('state') }),
  output: () => z.object({ completedAt: isoTimestamp }),
});
