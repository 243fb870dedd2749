// What each area records about a member, as the download of their records and their leaving need
// it (issue 24 #15), without the account area importing the others: each area registers a keeper
// at start (app.ts, the composition root) that lists its records and erases them. A keeper reads
// and deletes by the member's id only, on its user index.
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from './actor';
import type { Database, Executor, Transaction } from '../db/client';
import type { Services } from '../services';

export type ExportCell = string | number | boolean | null;

/** One kind of record: its file name in the ZIP (`<kind>.csv`), its Japanese title, its columns (key and header) and rows. */
export interface ExportTable {
  kind: string;
  title: string;
  columns: Array<[key: string, header: string]>;
  rows: Array<Record<string, ExportCell>>;
}

/** An area's part of the download. */
export interface MemberRecordsSection {
  tables: ExportTable[];
  /** Members of the JSON document beyond the tables (the My Number records as a FHIR Bundle). */
  json?: Record<string, unknown>;
  /** Files of the ZIP beyond the tables' CSVs, by name. */
  files?: Record<string, string>;
  /** Lines for the ZIP's README and the JSON's `notes`: what was left out and why. */
  notes?: string[];
  /** Counts of what `json` and `files` hold, for the audit entry. */
  counts?: Record<string, number>;
}

export interface CollectContext {
  db: Executor;
  userId: string;
  now: Date;
  /**
   * The My Number step-up was given on this session and the member asked for those records: the
   * My Number records, and values taken from them, are included only then.
   */
  sensitive: boolean;
}

export interface EraseContext {
  tx: Transaction;
  actor: Actor | null;
  userId: string;
  now: Date;
}

/** What leaving would end or forfeit, for the statement the member reads before confirming. */
export interface LeaveOutlook {
  points?: Array<{ programName: string; points: number }>;
  coins?: number;
  wearableConnected?: boolean;
  mynaConnected?: boolean;
  /** Physical gifts ordered and not shipped yet: leaving cancels them (their points are forfeited). */
  pendingGiftOrders?: Array<{ giftName: string; orderNumber: string; orderedAt: string }>;
}

/** What an area's erasing did: the audit entry's summary, and what the member forfeited. */
export interface EraseResult {
  audit: Record<string, unknown>;
  forfeited?: { points: number; coins: number };
}

/** What support may know of a member from an area (mf-admin's member lookup): flags, never records. */
export interface SupportFacts {
  mynaLinked?: boolean;
}

export interface MemberRecordsKeeper {
  area: string;
  /** Flags of the area for several members at once, by member id (one query, on the area's user index). */
  supportFacts?(context: { db: Executor; userIds: string[] }): Promise<Map<string, SupportFacts>>;
  collect(context: CollectContext): Promise<MemberRecordsSection>;
  outlook?(context: { db: Executor; userId: string }): Promise<LeaveOutlook>;
  /**
   * Before the leaving transaction: ends a grant another service holds (a network call, or a
   * revocation queued for retry). Throws to refuse leaving, with nothing changed.
   */
  revokeGrants?(context: { db: Database; services: Services; log: FastifyBaseLogger; userId: string; now: Date }): Promise<void>;
  /**
   * In the leaving transaction: deletes the area's personal records, and books or anonymises what
   * it must keep. Answers a summary for the audit entry (counts, never values).
   */
  erase(context: EraseContext): Promise<EraseResult>;
}

const keepers = new Map<string, MemberRecordsKeeper>();

/** Called by app.ts for each area, in the order their records appear in the download. */
export function registerMemberRecords(keeper: MemberRecordsKeeper): void {
  keepers.set(keeper.area, keeper);
}

export function memberRecordKeepers(): MemberRecordsKeeper[] {
  return [...keepers.values()];
}

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;
export { iso as exportTimestamp };
