import { z } from 'zod/mini';
import { documented } from '../documented';
import { UUID_PATTERN } from '../fields';

/** The id of a record an operator call names (a UUID). */
export const operatorRecordId = (label: string) =>
  z.string({ error: `${label}を指定してください` }).check(z.regex(UUID_PATTERN, `${label}の形式が正しくありません`));

/** The association an operator call acts in: checked against the operator's roles by the route layer. */
export const operatorAssociationId = () => operatorRecordId('健康保険組合ID');

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day (yyyy-MM-dd) from 2000-01-01 to 2099-12-31, as the operators' filters take it. */
export const calendarDay = (label: string) =>
  documented(calendarDayUndocumented(label), {
    format: 'date',
    allOf: [{ pattern: '^20[0-9]{2}-' }],
    description: 'A calendar day (yyyy-MM-dd) from 2000-01-01 to 2099-12-31.',
  });
const calendarDayUndocumented = (label: string) =>
  z.string({ error: `${label}を入力してください` }).check(
    z.regex(DAY, `${label}はyyyy-MM-ddの形式で入力してください`),
    z.refine((value) => {
      const at = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(value) && value >= '2000-01-01' && value <= '2099-12-31';
    }, `${label}は2000年から2099年の実在する日付で入力してください`),
  );

/** The longest period a figure of the dashboard covers. */
export const OPERATOR_PERIOD_MAX_DAYS = 366;

/**
 * The dashboard's period (Japan days, both included) in one association: at most a year, the end
 * not before the start.
 */
export const operatorPeriodInput = documented(
  z.object({ associationId: operatorAssociationId(), from: calendarDay('開始日'), to: calendarDay('終了日') }).check(
    z.superRefine((value, ctx) => {
      const days = (Date.parse(`${value.to}T00:00:00Z`) - Date.parse(`${value.from}T00:00:00Z`)) / 86_400_000 + 1;
      if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: '終了日は開始日以降の日付を入力してください' });
      else if (days > OPERATOR_PERIOD_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: ['to'], message: `期間は${OPERATOR_PERIOD_MAX_DAYS}日以内で指定してください` });
    }),
  ),
  {
    'x-field-comparisons': [{ left: 'from', operator: '<=', right: 'to', maxDays: OPERATOR_PERIOD_MAX_DAYS - 1 }],
    description: `\`to\` is not before \`from\`, and the period (both days included) is at most ${OPERATOR_PERIOD_MAX_DAYS} days.`,
  },
);
export type OperatorPeriodInput = z.output<typeof operatorPeriodInput>;

/** A count per Japan day of the period, every day present (zero when nothing happened). */
export const daySeries = z.array(z.object({ day: z.string(), count: z.number().check(z.int()) }));
export type DaySeries = z.infer<typeof daySeries>;
