import { hashPassword } from '../lib/password';
import type { Database } from './client';
import { agreementDocuments, associations, bloodPressures, consents, rosterEntries, users } from './schema';

/** The demo account printed at start and documented in the README. */
export const DEMO_MEMBER = {
  email: 'demo@sukoyaka.example',
  password: 'sukoyaka-demo-2026',
  nickname: 'すこやか 花子',
  birthday: '1980-04-01',
} as const;

export const DEMO_ASSOCIATION = {
  id: '5a1c0d3e-0000-4000-8000-000000000001',
  name: 'すこやか健康保険組合',
  insurerNumber: '06139999',
} as const;
export const MAINTENANCE_ASSOCIATION = {
  id: '5a1c0d3e-0000-4000-8000-000000000002',
  name: 'みどり健康保険組合',
  insurerNumber: '06138888',
} as const;

/**
 * Roster entries of the demo association. The first is free for a newcomer to link to after
 * signing up (README); the demo member is linked to the second.
 */
export const DEMO_ROSTER = [
  { memberSymbol: '1001', memberNumber: '2001', birthday: '1990-01-01' },
  { memberSymbol: '1001', memberNumber: '1', birthday: DEMO_MEMBER.birthday },
] as const;

/**
 * More free entries of the demo association, with the same birthday as the first (README): so a
 * newcomer, the seeded newcomer member and the e2e journeys that link a member each have one,
 * as an entry can be linked once only.
 */
export const SPARE_ROSTER = [
  { memberSymbol: '1001', memberNumber: '2002', birthday: '1990-01-01' },
  { memberSymbol: '1001', memberNumber: '2003', birthday: '1990-01-01' },
] as const;

/**
 * A member who has verified their e-mail address but not linked an association yet: signing in
 * lands on /unassociated, from where they link to the demo association (README).
 */
export const NEWCOMER_MEMBER = { email: 'newcomer@sukoyaka.example', nickname: 'はじめ 太郎' } as const;

/**
 * A member of its own for the SMS two-factor journey (e2e/tests/sms-mfa.test.ts), with the demo
 * password: turning two-factor on for the demo member would change every other journey's sign-in.
 * Linked to the demo association (roster entry 1001-3) and agreed like the demo member (README).
 */
export const MFA_MEMBER = {
  email: 'mfa@sukoyaka.example',
  nickname: 'にだん 認子',
  birthday: '1985-06-15',
  roster: { memberSymbol: '1001', memberNumber: '3' },
} as const;

export const DEMO_DOCUMENTS = [
  {
    kind: 'association_terms' as const,
    title: 'すこやか健康保険組合 すこやか利用規約',
    body: '第1条（目的）本規約は、すこやか健康保険組合（以下「当組合」）が加入者に提供する健康管理サービス「すこやか」の利用条件を定めます。\n第2条（利用資格）当組合の被保険者および被扶養者は、本規約に同意のうえ本サービスを利用できます。\n第3条（禁止事項）他人になりすます行為、本サービスの運営を妨げる行為を禁止します。',
  },
  {
    kind: 'privacy_provision' as const,
    title: '健康情報の提供に関する同意',
    body: 'あなたがすこやかに記録した健康情報（血圧・体重・歩数など）を、保健事業（特定保健指導、重症化予防など）のために当組合へ提供することに同意します。同意はいつでも撤回できます。',
  },
];

/**
 * One member per account condition (spec §8), each with the demo password, so every special
 * case of the error boundary can be seen for real. Documented in the README.
 */
export const CONDITION_MEMBERS = [
  { email: 'locked@sukoyaka.example', nickname: 'ロック 一郎', code: 'system_account_locked' },
  { email: 'suspended@sukoyaka.example', nickname: '停止 二郎', code: 'user_is_suspended' },
  { email: 'expired@sukoyaka.example', nickname: '失効 三郎', code: 'user_membership_expired' },
  { email: 'unverified@sukoyaka.example', nickname: '未確認 四郎', code: 'user_not_association_verified' },
  { email: 'maintenance@sukoyaka.example', nickname: '保守 五郎', code: 'association_under_maintenance' },
] as const;

type ConditionCode = (typeof CONDITION_MEMBERS)[number]['code'];

function conditionColumns(code: ConditionCode, now: Date) {
  switch (code) {
    case 'system_account_locked':
      // Locked for good: the demo shows the locked screen whenever it is tried.
      return { lockedUntil: new Date('2099-12-31T00:00:00Z'), failedAuthCount: 5 };
    case 'user_is_suspended':
      return { suspendedAt: now };
    case 'user_membership_expired':
      return { membershipExpiresOn: '2025-03-31' };
    case 'user_not_association_verified':
      return { associationVerifiedAt: null };
    case 'association_under_maintenance':
      return { associationId: MAINTENANCE_ASSOCIATION.id };
  }
}

/**
 * Seeds the demo association, the demo member with a week of readings, and the condition
 * members. Safe to run on every start: what exists already is left as it is.
 */
export async function seedDemo(db: Database, now = new Date()): Promise<{ seeded: boolean }> {
  const passwordHash = await hashPassword(DEMO_MEMBER.password);
  return db.transaction(async (tx) => {
    await tx
      .insert(associations)
      .values([
        { id: DEMO_ASSOCIATION.id, name: DEMO_ASSOCIATION.name, insurerNumber: DEMO_ASSOCIATION.insurerNumber },
        {
          id: MAINTENANCE_ASSOCIATION.id,
          name: MAINTENANCE_ASSOCIATION.name,
          insurerNumber: MAINTENANCE_ASSOCIATION.insurerNumber,
          underMaintenance: true,
        },
      ])
      .onConflictDoNothing();
    const [demo] = await tx
      .insert(users)
      .values({
        email: DEMO_MEMBER.email,
        passwordHash,
        nickname: DEMO_MEMBER.nickname,
        birthday: DEMO_MEMBER.birthday,
        associationId: DEMO_ASSOCIATION.id,
        associationVerifiedAt: now,
        emailVerifiedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    for (const member of CONDITION_MEMBERS) {
      await tx
        .insert(users)
        .values({
          email: member.email,
          passwordHash,
          nickname: member.nickname,
          birthday: DEMO_MEMBER.birthday,
          associationId: DEMO_ASSOCIATION.id,
          associationVerifiedAt: now,
          emailVerifiedAt: now,
          ...conditionColumns(member.code, now),
        })
        .onConflictDoNothing();
    }
    await tx
      .insert(users)
      .values({ email: NEWCOMER_MEMBER.email, passwordHash, nickname: NEWCOMER_MEMBER.nickname, emailVerifiedAt: now })
      .onConflictDoNothing();
    await tx
      .insert(rosterEntries)
      .values(SPARE_ROSTER.map((entry) => ({ associationId: DEMO_ASSOCIATION.id, ...entry })))
      .onConflictDoNothing();
    if (!demo) return { seeded: false };
    await tx.insert(rosterEntries).values([
      { associationId: DEMO_ASSOCIATION.id, ...DEMO_ROSTER[0] },
      { associationId: DEMO_ASSOCIATION.id, ...DEMO_ROSTER[1], linkedUserId: demo.id },
    ]);
    const documents = await tx
      .insert(agreementDocuments)
      .values(DEMO_DOCUMENTS.map((document) => ({ ...document, associationId: DEMO_ASSOCIATION.id, version: 1, publishedAt: now })))
      .returning();
    await tx.insert(consents).values(documents.map((document) => ({ userId: demo.id, documentId: document.id, agreedAt: now })));
    const [mfa] = await tx
      .insert(users)
      .values({
        email: MFA_MEMBER.email,
        passwordHash,
        nickname: MFA_MEMBER.nickname,
        birthday: MFA_MEMBER.birthday,
        associationId: DEMO_ASSOCIATION.id,
        associationVerifiedAt: now,
        emailVerifiedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (mfa) {
      await tx
        .insert(rosterEntries)
        .values({ associationId: DEMO_ASSOCIATION.id, ...MFA_MEMBER.roster, birthday: MFA_MEMBER.birthday, linkedUserId: mfa.id });
      await tx.insert(consents).values(documents.map((document) => ({ userId: mfa.id, documentId: document.id, agreedAt: now })));
    }
    const day = 24 * 60 * 60 * 1000;
    await tx.insert(bloodPressures).values(
      Array.from({ length: 7 }, (_, i) => ({
        userId: demo.id,
        measuredAt: new Date(now.getTime() - (i + 1) * day),
        systolic: 118 + ((i * 7) % 13),
        diastolic: 76 + ((i * 5) % 9),
        pulse: 64 + ((i * 3) % 10),
      })),
    );
    return { seeded: true };
  });
}
