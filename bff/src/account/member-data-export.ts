// The download of everything recorded about a member (issue 24 #15): the account's own records
// (profile, notification settings, consents) and each area's (platform/member-records.ts, registered
// by app.ts), read by the member's own id only, written as one JSON file or as a ZIP of one CSV per
// kind. The My Number records, and forecast snapshots holding check-up values, are in it only with
// the My Number step-up, as they are on their own pages.
import { asc, eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import type { Executor } from '../db/client';
import { writeCsv } from '../platform/csv';
import { agreementDocuments, associations, consents, notificationSettings, users } from '../db/schema';
import {
  exportTimestamp as iso,
  memberRecordKeepers,
  type ExportCell,
  type ExportTable,
  type MemberRecordsSection,
} from '../platform/member-records';

export interface MemberDataExport {
  generatedAt: string;
  tables: ExportTable[];
  json: Record<string, unknown>;
  files: Record<string, string>;
  notes: string[];
  counts: Record<string, number>;
}

/** Everything recorded about `userId`, nothing of anyone else: every query is bound to that id. */
export async function collectMemberData(
  db: Executor,
  userId: string,
  options: { sensitive: boolean; now: Date },
): Promise<MemberDataExport> {
  const sections = [await accountSection(db, userId)];
  for (const keeper of memberRecordKeepers()) {
    sections.push(await keeper.collect({ db, userId, now: options.now, sensitive: options.sensitive }));
  }
  return combine(sections, options.now);
}

function combine(sections: MemberRecordsSection[], now: Date): MemberDataExport {
  const data: MemberDataExport = { generatedAt: now.toISOString(), tables: [], json: {}, files: {}, notes: [], counts: {} };
  for (const section of sections) {
    data.tables.push(...section.tables);
    Object.assign(data.json, section.json);
    Object.assign(data.files, section.files);
    data.notes.push(...(section.notes ?? []));
    Object.assign(data.counts, section.counts);
  }
  for (const table of data.tables) data.counts[table.kind] = table.rows.length;
  return data;
}

/** The account's own records: the profile, notification settings and consents. */
async function accountSection(db: Executor, userId: string): Promise<MemberRecordsSection> {
  const [profile] = await db
    .select({
      email: users.email,
      nickname: users.nickname,
      birthday: users.birthday,
      height: users.height,
      phoneNumber: users.phoneNumber,
      smsMfaEnabledAt: users.smsMfaEnabledAt,
      association: associations.name,
      associationVerifiedAt: users.associationVerifiedAt,
      membershipExpiresOn: users.membershipExpiresOn,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(associations, eq(associations.id, users.associationId))
    .where(eq(users.id, userId));
  const tables: ExportTable[] = [
    {
      kind: 'profile',
      title: 'プロフィール',
      columns: [
        ['email', 'メールアドレス'],
        ['nickname', 'ニックネーム'],
        ['birthday', '生年月日'],
        ['height', '身長(cm)'],
        ['phoneNumber', '電話番号'],
        ['smsMfaEnabledAt', 'SMS認証の設定日時'],
        ['association', '健康保険組合'],
        ['associationVerifiedAt', '組合員確認日時'],
        ['membershipExpiresOn', '資格の終了日'],
        ['emailVerifiedAt', 'メールアドレス確認日時'],
        ['createdAt', '登録日時'],
      ],
      rows: profile
        ? [
            {
              ...profile,
              smsMfaEnabledAt: iso(profile.smsMfaEnabledAt),
              associationVerifiedAt: iso(profile.associationVerifiedAt),
              emailVerifiedAt: iso(profile.emailVerifiedAt),
              createdAt: iso(profile.createdAt),
            },
          ]
        : [],
    },
    {
      kind: 'notification_settings',
      title: '通知設定',
      columns: [
        ['category', '種類'],
        ['enabled', '受け取る'],
        ['updatedAt', '更新日時'],
      ],
      rows: (await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId))).map((row) => ({
        category: row.category,
        enabled: row.enabled,
        updatedAt: iso(row.updatedAt),
      })),
    },
    {
      kind: 'consents',
      title: '規約への同意',
      columns: [
        ['document', '文書'],
        ['version', '版'],
        ['agreedAt', '同意日時'],
        ['withdrawnAt', '撤回日時'],
      ],
      rows: (
        await db
          .select({
            title: agreementDocuments.title,
            version: agreementDocuments.version,
            agreedAt: consents.agreedAt,
            withdrawnAt: consents.withdrawnAt,
          })
          .from(consents)
          .innerJoin(agreementDocuments, eq(agreementDocuments.id, consents.documentId))
          .where(eq(consents.userId, userId))
          .orderBy(asc(consents.agreedAt))
      ).map((row) => ({ document: row.title, version: row.version, agreedAt: iso(row.agreedAt), withdrawnAt: iso(row.withdrawnAt) })),
    },
  ];
  return { tables };
}

/** One JSON document: each kind by name (the profile as one object), then the areas' own members. */
export function memberDataJson(data: MemberDataExport): string {
  const document = {
    generatedAt: data.generatedAt,
    ...Object.fromEntries(data.tables.map((table) => [table.kind, table.kind === 'profile' ? (table.rows[0] ?? null) : table.rows])),
    ...data.json,
    notes: data.notes,
  };
  return JSON.stringify(document, null, 2);
}

/** One CSV per kind through the site's one CSV writer (platform/csv.ts: formulas neutralised). */
function tableCsv(table: ExportTable): string {
  const cell = (value: ExportCell | undefined) => (typeof value === 'boolean' ? String(value) : value);
  return writeCsv([
    table.columns.map(([, header]) => header),
    ...table.rows.map((row) => table.columns.map(([key]) => cell(row[key] ?? null))),
  ]);
}

/** A ZIP with one CSV per kind, the areas' own files, and a README of what is in it. */
export function memberDataCsvZip(data: MemberDataExport, now: Date): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const table of data.tables) files[`${table.kind}.csv`] = strToU8(tableCsv(table));
  for (const [name, text] of Object.entries(data.files)) files[name] = strToU8(text);
  const readme = [
    `作成日時: ${data.generatedAt}`,
    ...data.tables.map((table) => `${table.kind}.csv: ${table.title}（${table.rows.length}件）`),
    ...data.notes,
  ];
  files['README.txt'] = strToU8(`\uFEFF${readme.join('\r\n')}\r\n`);
  return zipSync(files, { mtime: now });
}
