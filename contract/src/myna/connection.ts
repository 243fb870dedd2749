import { z } from 'zod/mini';
import { defineCall } from '../define';
import { callbackText, isoTimestamp, nullableTimestamp } from '../fields';

/*
 * Consent, the card link and the import (issue 12, "The flow"). The terms are versioned; the
 * member agrees to the current version before linking, and may withdraw at any time (withdrawing
 * stops further imports; the imported records stay until the member removes them with
 * removeMynaSensitives). The link is an OpenID Connect authorization-code flow with PKCE (S256),
 * a single-use `state` and `nonce` bound to the session; the portal returns to
 * /myna_connection/callback, whose page hands `code` and `state` to verifyMynaAuthorization.
 */

// ——— consent ———

/** One part of the terms: what is fetched, for what, how it is kept, export and removal. */
export const mynaTermsSectionSchema = z.object({ heading: z.string(), body: z.string() });

export const mynaAgreementActions = ['agreed', 'withdrawn'] as const;

export const mynaAgreementSchema = z.object({
  /** The current version of the terms (the highest). */
  version: z.number().check(z.int()),
  title: z.string(),
  publishedAt: isoTimestamp,
  /** The terms, in order (the PHR service guideline's items: data fetched, purpose, keeping, export, removal, withdrawal). */
  sections: z.array(mynaTermsSectionSchema),
  /** The items fetched from the portal, as a list the page shows (e.g. 特定健診情報). */
  dataItems: z.array(z.object({ name: z.string(), description: z.string() })),
  /** True when the member's consent covers the current version and is not withdrawn. */
  agreed: z.boolean(),
  /** The version the member last agreed to (null: never, or withdrawn since). */
  agreedVersion: z.nullable(z.number().check(z.int())),
  agreedAt: nullableTimestamp,
  /** Every consent and withdrawal of the member, newest first (kept, also after removal). */
  history: z.array(z.object({ action: z.enum(mynaAgreementActions), version: z.number().check(z.int()), at: isoTimestamp })),
});
export type MynaAgreement = z.infer<typeof mynaAgreementSchema>;

const empty = z.object({});

export const getMynaAgreement = defineCall({
  name: 'getMynaAgreement',
  method: 'GET',
  access: 'member',
  summary:
    'The current My Number terms (what is fetched, for what, export and removal at any time) and whether the member agreed to them, with the history.',
  input: () => empty,
  output: () => mynaAgreementSchema,
});

export const createMynaAgreement = defineCall({
  name: 'createMynaAgreement',
  method: 'POST',
  access: 'member',
  summary: 'Records the member’s consent to the given (current) version of the My Number terms; agreeing again changes nothing.',
  input: () =>
    z.object({
      version: z
        .number({ error: '規約の版を指定してください' })
        .check(z.int('規約の版の形式が正しくありません'), z.gte(1, '規約の版の形式が正しくありません')),
    }),
  output: () => mynaAgreementSchema,
});

export const withdrawMynaAgreement = defineCall({
  name: 'withdrawMynaAgreement',
  method: 'POST',
  access: 'member',
  summary:
    'Withdraws the member’s consent: no further import or link until agreed again (imported records stay until removeMynaSensitives); withdrawing again changes nothing.',
  input: () => empty,
  output: () => mynaAgreementSchema,
});

// ——— the import job ———

export const mynaImportStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export type MynaImportStatus = (typeof mynaImportStatuses)[number];
/** What a running import is doing now: each kind is fetched and stored in its own step. */
export const mynaImportPhases = ['queued', 'medical_exams', 'medicines', 'medical_bills', 'done'] as const;
export type MynaImportPhase = (typeof mynaImportPhases)[number];

/** Per kind: records the portal returned, and how many of them were new (a second import adds only these). */
export const mynaImportCountSchema = z.object({ fetched: z.number().check(z.int()), added: z.number().check(z.int()) });

export const mynaImportSchema = z.object({
  id: z.string(),
  status: z.enum(mynaImportStatuses),
  phase: z.enum(mynaImportPhases),
  /** Kinds not reached yet count 0/0. */
  counts: z.object({
    medicalExams: mynaImportCountSchema,
    medicines: mynaImportCountSchema,
    medicalBills: mynaImportCountSchema,
  }),
  /** status failed: why, in Japanese (what was imported before the failure is kept). */
  failureReason: z.nullable(z.string()),
  requestedAt: isoTimestamp,
  startedAt: nullableTimestamp,
  finishedAt: nullableTimestamp,
});
export type MynaImport = z.infer<typeof mynaImportSchema>;

// ——— the connection state ———

export const mynaConnectionStateSchema = z.object({
  /** Whether the portal connection is configured on this site at all. */
  available: z.boolean(),
  agreement: z.object({
    /** Agreed to the current version and not withdrawn: linking and importing are allowed. */
    agreed: z.boolean(),
    currentVersion: z.number().check(z.int()),
    agreedVersion: z.nullable(z.number().check(z.int())),
  }),
  /** A My Number card is linked (tokens held). */
  linked: z.boolean(),
  linkedAt: nullableTimestamp,
  /**
   * Linked, but the link can read nothing more: the portal's access token has expired and there
   * is no refresh token to renew it (the portal issued none, or refused it — the consent at the
   * portal was withdrawn or ran out). The member links the card again; imports are refused
   * (409 myna_relink_required) until then.
   */
  relinkRequired: z.boolean(),
  secretQuestion: z.object({
    registered: z.boolean(),
    /** Locked after five wrong answers in a row, until this moment (null: not locked). */
    lockedUntil: nullableTimestamp,
    /** The session's fresh answer lasts until this moment (null: none or lapsed). */
    authenticatedUntil: nullableTimestamp,
  }),
  /** Whether any imported record is held (the removal page says there is something to remove). */
  hasRecords: z.boolean(),
  /** When an import last succeeded. */
  lastImportedAt: nullableTimestamp,
  /** The newest import job (queued, running or finished), or null when none. The /import page polls this. */
  latestImport: z.nullable(mynaImportSchema),
});
export type MynaConnectionState = z.infer<typeof mynaConnectionStateSchema>;

export const getMynaConnectionState = defineCall({
  name: 'getMynaConnectionState',
  method: 'GET',
  access: 'member',
  summary:
    'What is linked: consent, the card link, the secret question, when it was last imported and the newest import job with its progress.',
  input: () => empty,
  output: () => mynaConnectionStateSchema,
});

// ——— authorization ———

export const getMynaAuthorizationURL = defineCall({
  name: 'getMynaAuthorizationURL',
  method: 'POST',
  access: 'member',
  summary:
    'Begins linking the My Number card (after consent): the portal’s authorization address with a single-use state and nonce bound to this session and a PKCE S256 challenge (the verifier stays on the server), valid ten minutes.',
  input: () => empty,
  output: () => z.object({ authorizationUrl: z.url(), expiresAt: isoTimestamp }),
});

export const verifyMynaAuthorization = defineCall({
  name: 'verifyMynaAuthorization',
  method: 'POST',
  access: 'member',
  summary:
    'Completes linking from the callback’s code and state: checks the state (single use, this session), exchanges the code with the PKCE verifier, checks the ID token’s nonce, stores the link; answers the page to go to next.',
  input: () => z.object({ code: callbackText('認可コード'), state: callbackText('state') }),
  output: () =>
    z.object({
      /** /myna_connection/complete; from there the member goes on to the secret question (when none) or the import. */
      nextPath: z.string(),
      connection: mynaConnectionStateSchema,
    }),
});

// ——— import ———

export const createMynaImport = defineCall({
  name: 'createMynaImport',
  method: 'POST',
  access: 'member',
  summary:
    'Queues an import of check-ups, medicines and medical bills from the portal and answers at once (the job runs in the background; poll getMynaConnectionState). While one runs, answers the running one.',
  input: () => empty,
  output: () => z.object({ import: mynaImportSchema }),
});

export const mynaConnectionCalls = {
  getMynaAgreement,
  createMynaAgreement,
  withdrawMynaAgreement,
  getMynaConnectionState,
  getMynaAuthorizationURL,
  verifyMynaAuthorization,
  createMynaImport,
} as const;
