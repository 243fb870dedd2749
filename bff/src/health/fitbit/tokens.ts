import { createHash } from 'node:crypto';
import { decryptString, encrypt, keyringFromEnv, type Keyring } from '../../platform/crypto';

// Sealing of the Fitbit connection's secrets at rest, each bound to its table, column and row.

let keyring: Keyring | undefined;
const ring = () => (keyring ??= keyringFromEnv());

type Column =
  | 'fitbit_connections.access_token'
  | 'fitbit_connections.refresh_token'
  | 'fitbit_authorizations.code_verifier'
  // A refresh token waiting in the outbox to be revoked (platform/outbox.ts, channel `revocation`).
  | 'outbox_messages.revocation';

export const seal = (column: Column, rowId: string, value: string) => encrypt(ring(), value, `${column}:${rowId}`);
export const unseal = (column: Column, rowId: string, envelope: string) => decryptString(ring(), envelope, `${column}:${rowId}`);

/** Only the state's hash is stored: a leaked table cannot complete anyone's authorization. */
export const stateHash = (state: string) => createHash('sha256').update(state, 'utf8').digest('hex');

const DAY_MS = 24 * 60 * 60 * 1000;
/** Members are in Japan: their civil day, as the Google Health rollup counts it (yyyy-MM-dd). */
export const japanDay = (at: Date) => new Date(at.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
