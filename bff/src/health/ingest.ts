// The native apps' batch (ingestVitals): each item checked on its own against the contract's
// schema of its type, then stored under (member, 'app', clientRecordId) so that a batch sent again
// stores nothing twice. One transaction for the batch: an answer means every stored item is there.
import { vitalIngestItem, type IngestVitalsOutput, type VitalIngestItem } from '@sukoyaka/contract';
import type { Executor } from '../db/client';
import { bloodPressureService, bloodPressureValues } from './blood-pressures';
import { bloodSugarService, bloodSugarValues } from './blood-sugars';
import { bodyTemperatureService, bodyTemperatureValues } from './body-temperatures';
import { saveDailySteps } from './steps';
import { weightService, weightValues } from './weights';

type Result = IngestVitalsOutput['results'][number];

const SOURCE = 'app';

async function store(tx: Executor, userId: string, item: VitalIngestItem): Promise<{ status: 'stored' | 'duplicate'; id: string }> {
  switch (item.type) {
    case 'bloodSugar':
      return bloodSugarService.ingest(tx, userId, bloodSugarValues(item), SOURCE, item.clientRecordId);
    case 'bloodPressure':
      return bloodPressureService.ingest(tx, userId, bloodPressureValues(item), SOURCE, item.clientRecordId);
    case 'weight':
      return weightService.ingest(tx, userId, weightValues(item), SOURCE, item.clientRecordId);
    case 'bodyTemperature':
      return bodyTemperatureService.ingest(tx, userId, bodyTemperatureValues(item), SOURCE, item.clientRecordId);
    case 'steps': {
      // A day's count: the app's newest total for the day replaces the day's count.
      const { row, changed } = await saveDailySteps(tx, userId, {
        day: item.day,
        steps: item.steps,
        source: SOURCE,
        clientRecordId: item.clientRecordId,
      });
      return { status: changed ? 'stored' : 'duplicate', id: row.id };
    }
  }
}

export async function ingestVitals(db: Executor, userId: string, items: unknown[]): Promise<IngestVitalsOutput> {
  return db.transaction(async (tx) => {
    const results: Result[] = [];
    for (const [index, raw] of items.entries()) {
      const rawId = raw && typeof raw === 'object' ? (raw as { clientRecordId?: unknown }).clientRecordId : undefined;
      const clientRecordId = typeof rawId === 'string' ? rawId : null;
      const parsed = vitalIngestItem.safeParse(raw);
      if (!parsed.success) {
        const fields: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (fields[issue.path.length > 0 ? issue.path.join('.') : '_'] ??= []).push(issue.message);
        results.push({ index, clientRecordId, status: 'rejected', id: null, fields });
        continue;
      }
      const { status, id } = await store(tx, userId, parsed.data);
      results.push({ index, clientRecordId, status, id });
    }
    return { results };
  });
}
