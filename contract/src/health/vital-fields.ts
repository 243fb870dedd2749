import { z } from 'zod/mini';
import { documented } from '../documented';
import { DATE_MIN } from '../date-bounds';
import { isRealDay, japanDay, periodMoments } from '../health-terms';
import { cursor, isoTimestamp, momentDocumentation, pageSize } from '../fields';

/*
 * What every vital shares: where a reading came from, its id, the period a list covers, the day
 * in Japan a reading belongs to, and the error codes of corrections.
 */

/**
 * Where a reading came from: typed by the member (`manual`, the only kind they can correct or
 * delete), synced from a wearable (Fitbit), or sent by our native app (HealthKit / Health
 * Connect, through `ingestVitals`). The save calls always record `manual`: a browser cannot
 * claim another source.
 */
export const vitalSources = ['manual', 'wearable', 'app'] as const;
export type VitalSource = (typeof vitalSources)[number];
export const vitalSource = z.enum(vitalSources);

/** The six kinds of reading, as the ingest call and the activity events name them. */
export const vitalTypes = ['bloodSugar', 'bloodPressure', 'weight', 'steps', 'bodyTemperature', 'sleep'] as const;
export type VitalType = (typeof vitalTypes)[number];

export const VitalErrorCodes = {
  /** 409: a reading from a wearable or the app is the device's record, not the member's entry. */
  readingNotEditable: 'vital_reading_not_editable',
} as const;
export const VITAL_NOT_EDITABLE_MESSAGE = '機器やアプリから取り込んだ記録は、変更・削除できません。';
export const VITAL_NOT_FOUND_MESSAGE = '記録が見つかりませんでした。';

/** The id of one reading (correct or delete it). */
export const readingId = z.uuid({ error: '記録のIDの形式が正しくありません' });

/** A day (yyyy-MM-dd) in Japan, from 1900-01-01 to today: a step count is never for tomorrow. */
export function pastDay(label: string) {
  return documented(pastDayUndocumented(label), {
    format: 'date',
    'x-earliest': DATE_MIN,
    'x-latest': 'today',
    description: 'A day in Japan (yyyy-MM-dd) from 1900-01-01 to today.',
  });
}

function pastDayUndocumented(label: string) {
  return z.string({ error: `${label}を入力してください` }).check(
    z.minLength(1, `${label}を入力してください`),
    z.superRefine((value, ctx) => {
      if (!isRealDay(value)) ctx.addIssue({ code: 'custom', message: `${label}の形式が正しくありません` });
      else if (value < DATE_MIN) ctx.addIssue({ code: 'custom', message: `${label}は1900年1月1日以降の日付を入力してください` });
      // A few minutes of clock skew, as for moments: just after midnight the phone may be ahead.
      else if (value > japanDay(new Date(Date.now() + 5 * 60 * 1000)))
        ctx.addIssue({ code: 'custom', message: `${label}に未来の日付は指定できません` });
    }),
  );
}

const MOMENT = z.iso.datetime({ offset: true });
/** The longest period one list request may cover. */
export const MAX_PERIOD_DAYS = 5 * 366;

/** A bound of a period: a day (yyyy-MM-dd, Japan) or a moment with its offset (ISO 8601). */
function periodBound(label: string) {
  return documented(periodBoundUndocumented(label), (toJson) => ({
    anyOf: [{ format: 'date' }, momentDocumentation(toJson)],
    allOf: [{ pattern: '^(19|20)[0-9]{2}-' }],
    description: 'A day (yyyy-MM-dd, in Japan) or a moment with its UTC offset, in the years 1900–2099.',
  }));
}

function periodBoundUndocumented(label: string) {
  return z.string({ error: `${label}の形式が正しくありません` }).check(
    z.refine((value) => isRealDay(value) || (MOMENT.safeParse(value).success && !Number.isNaN(Date.parse(value))), {
      error: `${label}は日付（yyyy-MM-dd）または日時（ISO 8601）で指定してください`,
      abort: true,
    }),
    z.refine(
      (value) => value.slice(0, 10) >= DATE_MIN && value.slice(0, 4) <= '2099',
      `${label}は1900年から2099年の範囲で指定してください`,
    ),
  );
}

/** A list's query: an optional period (`from` ≤ `to`, at most five years), a cursor and a page size. */
export const periodQuery = documented(
  z
    .object({
      from: z.optional(periodBound('期間の開始')),
      to: z.optional(periodBound('期間の終了')),
      cursor: z.optional(cursor),
      limit: pageSize(),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (!value.from || !value.to) return;
        const { from, until } = periodMoments(value);
        if (from!.getTime() >= until!.getTime()) {
          ctx.addIssue({ code: 'custom', path: ['to'], message: '期間の終了は開始より後の日時を指定してください' });
        } else if (until!.getTime() - from!.getTime() > MAX_PERIOD_DAYS * 24 * 60 * 60 * 1000) {
          ctx.addIssue({ code: 'custom', path: ['to'], message: '期間は5年以内で指定してください' });
        }
      }),
    ),
  {
    // A day `to` covers the whole day: the period is at most MAX_PERIOD_DAYS counting that day.
    'x-field-comparisons': [{ left: 'from', operator: '<=', right: 'to', maxDays: MAX_PERIOD_DAYS - 1 }],
    description: `\`from\` is not after \`to\`, and the period is at most ${MAX_PERIOD_DAYS} days.`,
  },
);

/** What every reading answers besides its values. */
export const readingBase = {
  id: z.string(),
  source: vitalSource,
  createdAt: isoTimestamp,
};

export const pageOf = <T extends z.ZodMiniType>(item: T) => z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });

/** The answer of a delete. */
export const deletedReading = z.object({ id: z.string() });
