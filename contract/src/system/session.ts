import { z } from 'zod/mini';
import { defineCall } from '../define';
import { nullableTimestamp, isoTimestamp } from '../fields';

const empty = z.strictObject({});

// Liveness.

export const ping = defineCall({
  name: 'ping',
  method: 'GET',
  access: 'visitor',
  summary: 'Liveness of the bff and its database.',
  input: () => empty,
  output: () => z.object({ status: z.literal('ok'), time: isoTimestamp }),
});

// The session every page reads (spec §3).

export const getAuthenticityTokenForClient = defineCall({
  name: 'getAuthenticityTokenForClient',
  method: 'GET',
  access: 'visitor',
  summary: "The session's authenticity token, sent back on every POST (X-CSRF-Token).",
  input: () => empty,
  output: () => z.object({ authenticityToken: z.string() }),
});

export const getSession = defineCall({
  name: 'getSession',
  method: 'GET',
  access: 'visitor',
  summary: 'The current-user/session read (spec §3): who is signed in (null for a visitor) and the browser id.',
  input: () => empty,
  output: () => z.object({ userId: z.nullable(z.string()), browserId: z.string() }),
});

export const getAuthState = defineCall({
  name: 'getAuthState',
  method: 'POST',
  access: 'visitor',
  readOnly: true,
  summary: 'Expiry of the three step-up confirmations of this session (spec §3); null when never given.',
  input: () => empty,
  output: () =>
    z.object({
      birthdayAuthExpireAt: nullableTimestamp,
      passwordAuthExpireAt: nullableTimestamp,
      mynaSecretQuestionExpireAt: nullableTimestamp,
    }),
});
