// The health area's part of a member's download and of their leaving (platform/member-records.ts):
// every reading, the goals and the forecast snapshots; the Fitbit grant is revoked at Google
// through the disconnect path before the leaving transaction.
import type { ForecastSnapshot } from '@sukoyaka/contract';
import { asc, eq } from 'drizzle-orm';
import {
  bloodPressures,
  bloodSugars,
  bodyTemperatures,
  fitbitAuthorizations,
  fitbitConnections,
  healthForecastSnapshots,
  sleeps,
  steps,
  vitalGoals,
  weights,
} from '../db/schema';
import { exportTimestamp as iso, type ExportTable, type MemberRecordsKeeper } from '../platform/member-records';
import { disconnect } from './fitbit/connections';
import { allHealthForecastSnapshots } from './forecast';

const READING_COLUMNS: Array<[string, string]> = [
  ['measuredAt', '測定日時'],
  ['source', '記録方法'],
];

/** A snapshot holding a check-up value is as sensitive as the check-up (issue 24 #7). */
const fromCheckup = (snapshot: ForecastSnapshot) => Object.values(snapshot.sources).includes('checkup');

export const healthMemberRecords: MemberRecordsKeeper = {
  area: 'health',

  async collect({ db, userId, sensitive }) {
    const tables: ExportTable[] = [
      {
        kind: 'blood_pressures',
        title: '血圧',
        columns: [...READING_COLUMNS, ['systolic', '最高血圧(mmHg)'], ['diastolic', '最低血圧(mmHg)'], ['pulse', '脈拍(回/分)']],
        rows: (await db.select().from(bloodPressures).where(eq(bloodPressures.userId, userId)).orderBy(asc(bloodPressures.measuredAt))).map(
          (row) => ({
            measuredAt: iso(row.measuredAt),
            source: row.source,
            systolic: row.systolic,
            diastolic: row.diastolic,
            pulse: row.pulse,
          }),
        ),
      },
      {
        kind: 'blood_sugars',
        title: '血糖値',
        columns: [...READING_COLUMNS, ['glucose', '血糖値(mg/dL)'], ['timing', '測定のタイミング']],
        rows: (await db.select().from(bloodSugars).where(eq(bloodSugars.userId, userId)).orderBy(asc(bloodSugars.measuredAt))).map(
          (row) => ({ measuredAt: iso(row.measuredAt), source: row.source, glucose: row.glucose, timing: row.timing }),
        ),
      },
      {
        kind: 'weights',
        title: '体重',
        columns: [...READING_COLUMNS, ['weight', '体重(kg)'], ['bodyFat', '体脂肪率(%)']],
        rows: (await db.select().from(weights).where(eq(weights.userId, userId)).orderBy(asc(weights.measuredAt))).map((row) => ({
          measuredAt: iso(row.measuredAt),
          source: row.source,
          weight: row.weight,
          bodyFat: row.bodyFat,
        })),
      },
      {
        kind: 'body_temperatures',
        title: '体温',
        columns: [...READING_COLUMNS, ['temperature', '体温(℃)']],
        rows: (
          await db.select().from(bodyTemperatures).where(eq(bodyTemperatures.userId, userId)).orderBy(asc(bodyTemperatures.measuredAt))
        ).map((row) => ({ measuredAt: iso(row.measuredAt), source: row.source, temperature: row.temperature })),
      },
      {
        kind: 'sleeps',
        title: '睡眠',
        columns: [
          ['startedAt', '就寝日時'],
          ['measuredAt', '起床日時'],
          ['source', '記録方法'],
          ['minutesAsleep', '睡眠時間(分)'],
          ['awakeMinutes', '覚醒(分)'],
          ['lightMinutes', '浅い睡眠(分)'],
          ['deepMinutes', '深い睡眠(分)'],
          ['remMinutes', 'レム睡眠(分)'],
        ],
        rows: (await db.select().from(sleeps).where(eq(sleeps.userId, userId)).orderBy(asc(sleeps.measuredAt))).map((row) => ({
          startedAt: iso(row.startedAt),
          measuredAt: iso(row.measuredAt),
          source: row.source,
          minutesAsleep: row.minutesAsleep,
          awakeMinutes: row.awakeMinutes,
          lightMinutes: row.lightMinutes,
          deepMinutes: row.deepMinutes,
          remMinutes: row.remMinutes,
        })),
      },
      {
        kind: 'steps',
        title: '歩数',
        columns: [
          ['day', '日付'],
          ['source', '記録方法'],
          ['steps', '歩数'],
        ],
        rows: (await db.select().from(steps).where(eq(steps.userId, userId)).orderBy(asc(steps.day))).map((row) => ({
          day: row.day,
          source: row.source,
          steps: row.steps,
        })),
      },
      {
        kind: 'goals',
        title: '目標',
        columns: [
          ['dailySteps', '1日の歩数の目標'],
          ['targetWeight', '目標体重(kg)'],
          ['updatedAt', '更新日時'],
        ],
        rows: (await db.select().from(vitalGoals).where(eq(vitalGoals.userId, userId))).map((row) => ({
          dailySteps: row.dailySteps,
          targetWeight: row.targetWeight,
          updatedAt: iso(row.updatedAt),
        })),
      },
    ];
    const snapshots = await allHealthForecastSnapshots(db, userId);
    const shown = sensitive ? snapshots : snapshots.filter((snapshot) => !fromCheckup(snapshot));
    tables.push({
      kind: 'forecast_snapshots',
      title: '健康予測の保存結果',
      columns: [
        ['savedAt', '保存日時'],
        ['inputs', '入力値'],
        ['sources', '入力値の出どころ'],
        ['result', '予測結果'],
      ],
      rows: shown.map((snapshot) => ({
        savedAt: snapshot.savedAt,
        inputs: JSON.stringify(snapshot.inputs),
        sources: JSON.stringify(snapshot.sources),
        result: JSON.stringify(snapshot.result),
      })),
    });
    const withheld = snapshots.length - shown.length;
    return {
      tables,
      notes: withheld > 0 ? [`健診の値を含む健康予測の保存結果${withheld}件は、秘密の質問への回答がないため含まれていません。`] : [],
    };
  },

  async outlook({ db, userId }) {
    const [row] = await db.select({ id: fitbitConnections.id }).from(fitbitConnections).where(eq(fitbitConnections.userId, userId));
    return { wearableConnected: Boolean(row) };
  },

  // The disconnect page's rule: the tokens go at once, and a revocation Google refuses or cannot
  // take is queued in the outbox and retried, so leaving never waits on Google nor leaves a live grant.
  async revokeGrants({ db, services, log, userId, now }) {
    await disconnect({ db, google: services.googleHealth, log }, userId, now);
  },

  async erase({ tx, userId }) {
    const counts: Record<string, number> = {};
    for (const [name, table] of [
      ['bloodPressures', bloodPressures],
      ['bloodSugars', bloodSugars],
      ['weights', weights],
      ['bodyTemperatures', bodyTemperatures],
      ['sleeps', sleeps],
      ['steps', steps],
      ['forecastSnapshots', healthForecastSnapshots],
    ] as const) {
      counts[name] = (await tx.delete(table).where(eq(table.userId, userId)).returning({ id: table.id })).length;
    }
    await tx.delete(vitalGoals).where(eq(vitalGoals.userId, userId));
    await tx.delete(fitbitConnections).where(eq(fitbitConnections.userId, userId));
    await tx.delete(fitbitAuthorizations).where(eq(fitbitAuthorizations.userId, userId));
    return { audit: counts };
  },
};
