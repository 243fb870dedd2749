import { z } from 'zod/mini';
import { defineCall } from '../define';
import { callbackText, isoTimestamp } from '../fields';

/*
 * The Fitbit connection (spec §2 /resource_providers/fitbit/*, §7 getFitbitAuthentication and
 * createUserFitbitConnectionSettings). Since 2026 Fitbit data is read through the Google Health
 * API with Google OAuth 2.0: the member is sent to Google's consent page (authorization code with
 * PKCE S256 and a single-use `state` bound to the session), comes back to the callback page, and
 * the callback page hands `code` and `state` to createUserFitbitConnectionSettings. Daily step
 * totals are then synced on connect, on a schedule and on demand.
 */

/** The callback's errors and their messages (the page shows them as they are). */
export const FitbitErrorCodes = {
  /** 400: the `state` is unknown, already used or expired. */
  stateInvalid: 'fitbit_state_invalid',
  /** 403: the `state` was issued to another session (another browser or sign-in). */
  stateMismatch: 'fitbit_state_mismatch',
  /** 400: Google refused the code (expired, used, or not for this request). */
  codeInvalid: 'fitbit_code_invalid',
  /** 400: the member unticked the step-count permission on Google's consent page. */
  scopeMissing: 'fitbit_scope_missing',
  /** 503: Google could not be reached, or the connection is not configured. */
  unavailable: 'fitbit_unavailable',
  /** 404: syncing or disconnecting without a connection. */
  notConnected: 'fitbit_not_connected',
} as const;

export const FITBIT_MESSAGES = {
  stateInvalid: 'この連携手続きは無効か、有効期限が切れています。連携設定のページからもう一度お試しください。',
  stateMismatch: 'この連携手続きは別の画面で開始されたものです。連携設定のページからもう一度お試しください。',
  codeInvalid: 'Fitbitとの連携を完了できませんでした。お手数ですが、連携設定のページからもう一度お試しください。',
  scopeMissing: '歩数などのアクティビティデータの参照が許可されませんでした。連携するには、Googleの画面ですべての項目を許可してください。',
  unavailable: '現在Fitbitと通信できません。しばらく時間をおいてから再度お試しください。',
  notConnected: 'Fitbitは連携されていません。',
} as const;

export const fitbitStatuses = ['not_connected', 'active', 'needs_renewal'] as const;
export const fitbitSyncResults = ['ok', 'failed', 'needs_renewal'] as const;

/** What the connections page shows. */
export const fitbitConnectionSchema = z.object({
  /**
   * not_connected: never connected or disconnected; active: steps are synced; needs_renewal:
   * Google no longer accepts the grant (revoked or expired): the member reconnects.
   */
  status: z.enum(fitbitStatuses),
  /** status is active or needs_renewal: tokens are stored. */
  connected: z.boolean(),
  /** status is needs_renewal: the page asks the member to connect again. */
  needsRenewal: z.boolean(),
  /** Whether Fitbit can be connected at all on this site (Google configured). */
  available: z.boolean(),
  connectedAt: z.nullable(isoTimestamp),
  /** When a sync last finished, and how. */
  lastSyncedAt: z.nullable(isoTimestamp),
  lastSyncResult: z.nullable(z.enum(fitbitSyncResults)),
  /** The newest day (yyyy-MM-dd, Japan) that synced steps reached. */
  lastSyncedDay: z.nullable(z.string()),
  /** How many days the last sync wrote. */
  lastSyncedDays: z.nullable(z.number().check(z.int())),
});
export type FitbitConnection = z.infer<typeof fitbitConnectionSchema>;

const empty = z.object({});

export const getFitbitAuthentication = defineCall({
  name: 'getFitbitAuthentication',
  method: 'GET',
  access: 'member',
  summary: "The member's Fitbit connection: its status, when it last synced and whether it needs renewing.",
  input: () => empty,
  output: () => fitbitConnectionSchema,
});

export const startFitbitAuthorization = defineCall({
  name: 'startFitbitAuthorization',
  method: 'POST',
  access: 'member',
  summary:
    "Begins connecting Fitbit: the address of Google's consent page, with a single-use state bound to this session and a PKCE challenge (the verifier stays on the server).",
  input: () => empty,
  output: () => z.object({ authorizationUrl: z.url() }),
});

export const createUserFitbitConnectionSettings = defineCall({
  name: 'createUserFitbitConnectionSettings',
  method: 'POST',
  access: 'member',
  summary: "Completes connecting Fitbit from the callback's code and state, then syncs the last 30 days of steps.",
  input: () => z.object({ code: callbackText('認可コード'), state: callbackText('state') }),
  output: () => fitbitConnectionSchema,
});

export const syncFitbit = defineCall({
  name: 'syncFitbit',
  method: 'POST',
  access: 'member',
  summary: 'Syncs the step counts of the connected Fitbit now.',
  input: () => empty,
  output: () => fitbitConnectionSchema,
});

export const disconnectFitbit = defineCall({
  name: 'disconnectFitbit',
  method: 'POST',
  access: 'member',
  summary:
    'Disconnects Fitbit: deletes the stored tokens (synced steps stay) and revokes the grant at Google; when Google refuses or cannot be reached, the revocation is retried later and revocationPending says so.',
  input: () => empty,
  output: () =>
    z.extend(fitbitConnectionSchema, {
      /** The grant could not be revoked at Google yet: removed here, revocation retried automatically. */
      revocationPending: z.boolean(),
    }),
});

export const fitbitCalls = {
  getFitbitAuthentication,
  startFitbitAuthorization,
  createUserFitbitConnectionSettings,
  syncFitbit,
  disconnectFitbit,
} as const;
