// The native apps' batch (ingestVitals): each item checked on its own against the contract's
// schema of its type, then stored under (member, 'app', clientRecordId) so that a batch sent again
// stores nothing twice. One transaction for the batch (an answer means every stored item is
// there), a few statements per type rather than a few per item.
import { vitalIngestItem, type IngestVitalsOutput, type VitalIngestItem } from '@sukoyaka/contract';
import type { Executor } from '../db/client';
import { bloodPressureService, bloodPressureValues } from './blood-pressures';
import { bloodSugarService, bloodSugarValues } from './blood-sugars';
import { bodyTemperatureService, bodyTemperatureValues } from './body-temperatures';
import { settleActivities } from '../platform/activity-events';
import { sleepService, sleepValues } from './sleeps';
import { saveDailySteps } from './steps';
import { weightService, weightValues } from './weights';

type Result = IngestVitalsOutput['results'][number];
type Stored = Map<string, { status: 'stored' | 'duplicate'; id: string }>;
type ItemOf<T extends VitalIngestItem['type']> = Extract<VitalIngestItem, { type: T }>;

const SOURCE = 'app';

/** The items of one type, and how to store them all at once. */
function many<T extends VitalIngestItem['type']>(
  items: VitalIngestItem[],
  type: T,
  store: (entries: Array<ItemOf<T>>) => Promise<Stored>,
): Promise<Stored> {
  return store(items.filter((item): item is ItemOf<T> => item.type === type));
}

export async function ingestVitals(db: Executor, userId: string, items: unknown[], now: Date): Promise<IngestVitalsOutput> {
  const checked = items.map((raw, index) => {
    const rawId = raw && typeof raw === 'object' ? (raw as { clientRecordId?: unknown }).clientRecordId : undefined;
    return { index, clientRecordId: typeof rawId === 'string' ? rawId : null, parsed: vitalIngestItem.safeParse(raw) };
  });
  const valid = checked.flatMap((item) => (item.parsed.success ? [item.parsed.data] : []));
  return db.transaction(async (tx) => {
    const byType: Record<VitalIngestItem['type'], Stored> = {
      bloodSugar: await many(valid, 'bloodSugar', (entries) =>
        bloodSugarService.ingestMany(
          tx,
          userId,
          entries.map((item) => ({ values: bloodSugarValues(item), clientRecordId: item.clientRecordId })),
          SOURCE,
        ),
      ),
      bloodPressure: await many(valid, 'bloodPressure', (entries) =>
        bloodPressureService.ingestMany(
          tx,
          userId,
          entries.map((item) => ({ values: bloodPressureValues(item), clientRecordId: item.clientRecordId })),
          SOURCE,
        ),
      ),
      weight: await many(valid, 'weight', (entries) =>
        weightService.ingestMany(
          tx,
          userId,
          entries.map((item) => ({ values: weightValues(item), clientRecordId: item.clientRecordId })),
          SOURCE,
        ),
      ),
      bodyTemperature: await many(valid, 'bodyTemperature', (entries) =>
        bodyTemperatureService.ingestMany(
          tx,
          userId,
          entries.map((item) => ({ values: bodyTemperatureValues(item), clientRecordId: item.clientRecordId })),
          SOURCE,
        ),
      ),
      sleep: await many(valid, 'sleep', (entries) =>
        sleepService.ingestMany(
          tx,
          userId,
          entries.map((item) => ({ values: sleepValues(item), clientRecordId: item.clientRecordId })),
          SOURCE,
        ),
      ),
      // A day's count: the app's newest total for the day replaces the day's count, in order sent.
      steps: await many(valid, 'steps', async (entries) => {
        const stored: Stored = new Map();
        for (const item of entries) {
          const { row, changed } = await saveDailySteps(tx, userId, {
            day: item.day,
            steps: item.steps,
            source: SOURCE,
            clientRecordId: item.clientRecordId,
          });
          if (!stored.has(item.clientRecordId)) stored.set(item.clientRecordId, { status: changed ? 'stored' : 'duplicate', id: row.id });
        }
        return stored;
      }),
    };
    // What the batch's new events earn, once for the batch and with it (decision 0006).
    if (Object.values(byType).some((stored) => [...stored.values()].some((outcome) => outcome.status === 'stored'))) {
      await settleActivities(tx, userId, now);
    }
    // The first item with a record id gets its fate; a later one with the same id is a duplicate.
    const answered = new Set<string>();
    const results: Result[] = checked.map(({ index, clientRecordId, parsed }) => {
      if (!parsed.success) {
        const fields: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (fields[issue.path.length > 0 ? issue.path.join('.') : '_'] ??= []).push(issue.message);
        return { index, clientRecordId, status: 'rejected', id: null, fields };
      }
      const outcome = byType[parsed.data.type].get(parsed.data.clientRecordId)!;
      const key = `${parsed.data.type}|${parsed.data.clientRecordId}`;
      const status = answered.has(key) ? 'duplicate' : outcome.status;
      answered.add(key);
      return { index, clientRecordId, status, id: outcome.id };
    });
    return { results };
  });
}
