import { seedDemoContent } from '../content/demo-seed';
import { seedDemoIncentives } from '../incentives/demo';
import { seedMynaDemo } from '../myna/demo-seed';
import { seedDemoOperator } from '../operators/demo-seed';
import { seedDoctorProfiles } from '../health/forecast-seed';
import { hashPassword } from '../lib/password';
import type { Database, Executor } from './client';
import {
  activityEvents,
  agreementDocuments,
  associations,
  bloodPressures,
  bloodSugars,
  bodyTemperatures,
  consents,
  rosterEntries,
  steps,
  users,
  vitalGoals,
  weights,
} from './schema';
import { seededRandom } from '../lib/seeded-random';

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
  // The onboarding journey's new member (e2e/tests/onboarding.test.ts).
  { memberSymbol: '1001', memberNumber: '2004', birthday: '1990-01-01' },
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

/** The demo member's goals and height (the charts' goal lines and BMI). */
export const DEMO_VITALS = { days: 90, height: 170, dailySteps: 8000, targetWeight: 68 } as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const japanDay = (moment: Date) => new Date(moment.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * The newest week of blood pressures, as e2e/tests/walking-skeleton.test.ts expects them: reading i
 * (i + 1 days ago) is (118 + 7i mod 13) / (76 + 5i mod 9).
 */
const weekOfBloodPressures = (i: number) => ({ systolic: 118 + ((i * 7) % 13), diastolic: 76 + ((i * 5) % 9), pulse: 64 + ((i * 3) % 10) });

/**
 * 90 days of each vital for the demo member, hand-entered, with a trend: weight drifting down from
 * about 72 kg, blood pressure around 128/82, fasting glucose 98–108 mg/dL, temperature 36.2–36.9 ℃,
 * steps 4,000–11,000 (more at weekends) and a partial count today; the goals and the activity
 * events the readings would have written. Bulk inserts: a few statements.
 */
async function seedDemoVitals(tx: Executor, userId: string, now: Date): Promise<void> {
  const random = seededRandom(0x51e7a1);
  const between = (low: number, high: number) => low + random() * (high - low);
  const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
  const newestWeek = new Set(
    Array.from({ length: 7 }, (_, i) => `${weekOfBloodPressures(i).systolic}/${weekOfBloodPressures(i).diastolic}`),
  );
  const pressures = [];
  const sugars = [];
  const weightRows = [];
  const temperatures = [];
  const stepRows = [];
  for (let i = 0; i < DEMO_VITALS.days; i += 1) {
    // Reading i was taken i + 1 days ago, at this time of day (the newest week as it always was).
    const measuredAt = new Date(now.getTime() - (i + 1) * DAY_MS);
    const later = (minutes: number) => new Date(measuredAt.getTime() + minutes * 60 * 1000);
    let pressure = weekOfBloodPressures(i);
    if (i >= 7) {
      pressure = { systolic: Math.round(between(121, 136)), diastolic: Math.round(between(77, 87)), pulse: Math.round(between(60, 76)) };
      // Older readings never repeat one of the newest week's pairs, so the journey finds exactly those.
      if (newestWeek.has(`${pressure.systolic}/${pressure.diastolic}`)) pressure.diastolic += 1;
    }
    pressures.push({ userId, measuredAt, ...pressure });
    sugars.push({ userId, measuredAt: later(-10), glucose: Math.round(between(98, 108.99)), timing: 'fasting' as const });
    // From about 72.0 kg ninety days ago to about 69.5 kg now.
    const trend = 69.5 + (2.5 * i) / DEMO_VITALS.days;
    weightRows.push({
      userId,
      measuredAt: later(-5),
      weight: round(trend + between(-0.3, 0.3), 1),
      bodyFat: round(23 + i / 90 + between(-0.4, 0.4), 1),
    });
    temperatures.push({ userId, measuredAt: later(-15), temperature: round(between(36.2, 36.9), 2) });
    const day = japanDay(measuredAt);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    stepRows.push({ userId, day, steps: Math.round(weekend ? between(7500, 11000) : between(4000, 9000)) });
  }
  // Today so far: a morning's walk.
  stepRows.push({ userId, day: japanDay(now), steps: 3250 });
  await tx.insert(bloodPressures).values(pressures);
  await tx.insert(bloodSugars).values(sugars);
  await tx.insert(weights).values(weightRows);
  await tx.insert(bodyTemperatures).values(temperatures);
  await tx.insert(steps).values(stepRows).onConflictDoNothing();
  await tx
    .insert(vitalGoals)
    .values({ userId, dailySteps: DEMO_VITALS.dailySteps, targetWeight: DEMO_VITALS.targetWeight })
    .onConflictDoNothing();
  const events = new Map<string, { userId: string; kind: string; day: string }>();
  const add = (type: string, day: string) => events.set(`${type}|${day}`, { userId, kind: `vital_recorded:${type}`, day });
  for (const row of pressures) add('bloodPressure', japanDay(row.measuredAt));
  for (const row of sugars) add('bloodSugar', japanDay(row.measuredAt));
  for (const row of weightRows) add('weight', japanDay(row.measuredAt));
  for (const row of temperatures) add('bodyTemperature', japanDay(row.measuredAt));
  for (const row of stepRows) add('steps', row.day);
  await tx
    .insert(activityEvents)
    .values([...events.values()])
    .onConflictDoNothing();
}

/**
 * Seeds the demo association, the demo member with 90 days of each vital, and the condition
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
        // The demo accounts are in use already: the first sign-in's welcome is for new members.
        onboardedAt: now,
        nickname: DEMO_MEMBER.nickname,
        birthday: DEMO_MEMBER.birthday,
        height: DEMO_VITALS.height,
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
          onboardedAt: now,
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
      .values({ email: NEWCOMER_MEMBER.email, passwordHash, nickname: NEWCOMER_MEMBER.nickname, emailVerifiedAt: now, onboardedAt: now })
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
        onboardedAt: now,
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
    await seedDemoVitals(tx, demo.id, now);
    await seedDemoIncentives(
      tx,
      { id: demo.id, associationId: DEMO_ASSOCIATION.id },
      now,
      mfa ? { id: mfa.id, nickname: mfa.nickname } : null,
    );
    await seedDoctorProfiles(tx, DEMO_ASSOCIATION.id, now);
    await seedDemoContent(tx, { userId: demo.id, associationId: DEMO_ASSOCIATION.id, otherAssociationId: MAINTENANCE_ASSOCIATION.id }, now);
    await seedDemoOperator(tx, DEMO_ASSOCIATION.id, now);
    // My Number (issue 12): the demo member linked and imported, and myna@ for the journey of linking.
    await seedMynaDemo(
      tx,
      { demoUserId: demo.id, associationId: DEMO_ASSOCIATION.id, documentIds: documents.map((document) => document.id), passwordHash },
      now,
    );
    return { seeded: true };
  });
}
