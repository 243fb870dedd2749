import { insurerNumber, rosterIdentityInput } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { associations } from '../db/schema';
import { parseCsv } from '../platform/csv';
import { insertRosterEntries } from './roster-entries';

/*
 * Imports an association's roster (被保険者名簿) from CSV: the entries members link to in
 * organisation verification. Every row is checked first and nothing is imported while any row is
 * wrong, so a file is either in whole or not at all; the rows go in within one transaction.
 */

export const ROSTER_COLUMNS = ['member_symbol', 'member_number', 'birthday'] as const;

export interface RosterRow {
  line: number;
  memberSymbol: string;
  memberNumber: string;
  birthday: string;
}

export interface RosterImportResult {
  associationName: string;
  /** Data rows in the file. */
  rows: number;
  inserted: number;
  /** Rows already in the roster (left as they are). */
  unchanged: number;
}

/** What is wrong with the file, one line per problem, with its line number where it has one. */
export class RosterImportError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'RosterImportError';
  }
}

/** Decodes the file as UTF-8 (a BOM is dropped); anything else is refused rather than misread. */
export function decodeRosterFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new RosterImportError([
      'ファイルがUTF-8ではありません。UTF-8（BOM付きでも可）で保存し直してください（Shift_JISなどは読み込めません）。',
    ]);
  }
}

/** Checks every row; returns them normalised, or throws with every problem found. */
export function parseRosterCsv(text: string): RosterRow[] {
  // Blank lines (a trailing newline, say) are not rows.
  const records = parseCsv(text).filter((record) => !(record.fields.length === 1 && record.fields[0]!.trim() === ''));
  const [header, ...data] = records;
  if (!header) throw new RosterImportError(['ファイルが空です。1行目に見出し行 member_symbol,member_number,birthday が必要です。']);
  const names = header.fields.map((name) => name.trim().toLowerCase());
  if (names.length !== ROSTER_COLUMNS.length || ROSTER_COLUMNS.some((column) => !names.includes(column))) {
    throw new RosterImportError([
      `${header.line}行目: 見出し行は member_symbol,member_number,birthday にしてください（「${header.fields.join(',')}」でした）。`,
    ]);
  }
  if (data.length === 0) throw new RosterImportError(['データ行がありません。']);
  const index = Object.fromEntries(ROSTER_COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<
    (typeof ROSTER_COLUMNS)[number],
    number
  >;

  const problems: string[] = [];
  const rows: RosterRow[] = [];
  const seen = new Map<string, number>();
  for (const record of data) {
    if (record.fields.length !== ROSTER_COLUMNS.length) {
      problems.push(`${record.line}行目: 列の数が${record.fields.length}です（${ROSTER_COLUMNS.length}列にしてください）。`);
      continue;
    }
    const parsed = rosterIdentityInput.safeParse({
      memberSymbol: record.fields[index.member_symbol],
      memberNumber: record.fields[index.member_number],
      birthday: record.fields[index.birthday],
    });
    if (!parsed.success) {
      problems.push(`${record.line}行目: ${[...new Set(parsed.error.issues.map((issue) => issue.message))].join('、')}`);
      continue;
    }
    const key = `${parsed.data.memberSymbol}\u0000${parsed.data.memberNumber}\u0000${parsed.data.birthday}`;
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push(`${record.line}行目: ${first}行目と同じ加入者です。`);
      continue;
    }
    seen.set(key, record.line);
    rows.push({ line: record.line, ...parsed.data });
  }
  if (problems.length > 0) throw new RosterImportError(problems);
  return rows;
}

const BATCH = 1000;

/**
 * Adds the file's entries to the roster of the association with that insurer number. Entries
 * already there are left as they are (with whoever linked to them); nothing is removed.
 */
export async function importRoster(db: Database, options: { insurerNumber: string; csv: string }): Promise<RosterImportResult> {
  const number = insurerNumber().safeParse(options.insurerNumber);
  if (!number.success) throw new RosterImportError([number.error.issues[0]!.message]);
  const rows = parseRosterCsv(options.csv);
  const [association] = await db
    .select({ id: associations.id, name: associations.name })
    .from(associations)
    .where(eq(associations.insurerNumber, number.data));
  if (!association) throw new RosterImportError([`保険者番号 ${number.data} の健康保険組合が登録されていません。`]);

  const inserted = await db.transaction(async (tx) => {
    let count = 0;
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH);
      count += await insertRosterEntries(tx, association.id, batch);
    }
    return count;
  });
  return { associationName: association.name, rows: rows.length, inserted, unchanged: rows.length - inserted };
}
