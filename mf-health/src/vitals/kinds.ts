import type {
  CallName,
  BloodPressure,
  BloodSugar,
  BodyTemperature,
  Sleep,
  Step,
  VitalGoals,
  VitalSource,
  Weight,
} from '@sukoyaka/contract';
import { theme } from '@sukoyaka/shared';
import type { FieldSpec } from '@sukoyaka/shared';
import type { ChartLine, ChartSeries } from './chart/chart-types';
import { formatNumber } from './formats';
import type { PeriodId } from './periods';
import { formatMinutes, nightlyTotals, noonOf, weeklyAverages, weekMiddle } from './sleep';

/*
 * The six vitals described once: what a page, its form, its chart and its list need of each.
 * A page is the same for all six; what differs is here.
 */

export type VitalKey = 'bloodSugar' | 'bloodPressure' | 'weight' | 'steps' | 'bodyTemperature' | 'sleep';

interface ReadingOf {
  bloodSugar: BloodSugar;
  bloodPressure: BloodPressure;
  weight: Weight;
  steps: Step;
  bodyTemperature: BodyTemperature;
  sleep: Sleep;
}
export type AnyReading = ReadingOf[VitalKey];

/** What a chart's reference lines need besides the readings. */
interface ChartContext {
  goals: VitalGoals | null;
  /** cm, from the profile. */
  height: number | null;
}

/** Names the contract must have: a typo or a renamed call fails the typecheck. */
type Calls<N extends CallName> = N;

/** Each vital's four calls, by the contract's names (never built from strings: grep finds them). */
export interface VitalCalls {
  list: Calls<'listBloodSugars' | 'listBloodPressures' | 'listWeights' | 'listSteps' | 'listBodyTemperatures' | 'listSleeps'>;
  save: Calls<'saveBloodSugar' | 'saveBloodPressure' | 'saveWeight' | 'saveStep' | 'saveBodyTemperature' | 'saveSleep'>;
  update: Calls<'updateBloodSugar' | 'updateBloodPressure' | 'updateWeight' | 'updateStep' | 'updateBodyTemperature' | 'updateSleep'>;
  remove: Calls<'deleteBloodSugar' | 'deleteBloodPressure' | 'deleteWeight' | 'deleteStep' | 'deleteBodyTemperature' | 'deleteSleep'>;
}

export interface VitalKind<K extends VitalKey = VitalKey> {
  key: K;
  /** The page's path under /vitals. */
  slug: string;
  label: string;
  unit: string;
  /** Decimal places of the main value. */
  digits: number;
  /** A change over the chart's range that still counts as 横ばい (see summarizeSeries). */
  flatWithin: number;
  /** Recorded per day (steps), not at a moment. */
  daily: boolean;
  /** Charted as one bar per day (steps, sleep by the day one woke) rather than a line of readings. */
  bars: boolean;
  calls: VitalCalls;
  fields: readonly FieldSpec[];
  /** The reading as the list and the overview show it: 「128 / 82 mmHg」. */
  format: (reading: ReadingOf[K]) => string;
  /** A second line in the list: 脈拍, 体脂肪率, the timing. */
  detail: (reading: ReadingOf[K]) => string | null;
  /** The values of the form's fields for a correction. */
  toValues: (reading: ReadingOf[K]) => Record<string, string>;
  /** The chart's series over the chart's period (sleep's year is drawn by week). */
  series: (readings: readonly ReadingOf[K][], period: PeriodId) => ChartSeries[];
  lines: (context: ChartContext) => ChartLine[];
}

export const SOURCE_LABELS: Record<VitalSource, string> = {
  manual: '手入力',
  wearable: 'ウェアラブル機器',
  app: 'アプリ',
};

const COLORS = {
  main: theme.colors.primary,
  second: theme.colors.focus,
  caution: '#b26a00',
  danger: theme.colors.danger,
  goal: '#6f42c1',
};

const at = (reading: { measuredAt: string }) => new Date(reading.measuredAt);
const text = (value: number | null | undefined, digits = 0) => (value === null || value === undefined ? '' : value.toFixed(digits));

export const bloodSugar: VitalKind<'bloodSugar'> = {
  key: 'bloodSugar',
  slug: 'blood_sugar',
  label: '血糖値',
  unit: 'mg/dL',
  digits: 0,
  flatWithin: 5,
  daily: false,
  bars: false,
  calls: { list: 'listBloodSugars', save: 'saveBloodSugar', update: 'updateBloodSugar', remove: 'deleteBloodSugar' },
  fields: [{ name: 'glucose', label: '血糖値', unit: 'mg/dL', type: 'number', inputMode: 'numeric', min: 20, max: 800 }],
  format: (reading) => `${reading.glucose} mg/dL`,
  // Its timing's label comes from the contract's health module: readingDetail (reading-details.ts).
  detail: () => null,
  toValues: (reading) => ({ glucose: String(reading.glucose), timing: reading.timing }),
  // Fasting readings are the ones the reference lines (100 / 126 mg/dL) are for: their own line.
  series: (readings) => [
    {
      label: '空腹時',
      unit: 'mg/dL',
      color: COLORS.main,
      points: readings.filter((r) => r.timing === 'fasting').map((r) => ({ at: at(r), value: r.glucose })),
    },
    {
      label: '食前・食後・随時',
      unit: 'mg/dL',
      color: COLORS.second,
      points: readings.filter((r) => r.timing !== 'fasting').map((r) => ({ at: at(r), value: r.glucose })),
    },
  ],
  lines: () => [
    { kind: 'reference', value: 100, shortLabel: '100', label: '空腹時血糖 正常高値の目安 100mg/dL', color: COLORS.caution },
    { kind: 'reference', value: 126, shortLabel: '126', label: '空腹時血糖 糖尿病型の目安 126mg/dL', color: COLORS.danger },
  ],
};

export const bloodPressure: VitalKind<'bloodPressure'> = {
  key: 'bloodPressure',
  slug: 'blood_pressure',
  label: '血圧',
  unit: 'mmHg',
  digits: 0,
  flatWithin: 3,
  daily: false,
  bars: false,
  calls: { list: 'listBloodPressures', save: 'saveBloodPressure', update: 'updateBloodPressure', remove: 'deleteBloodPressure' },
  fields: [
    { name: 'systolic', label: '最高血圧', unit: 'mmHg', type: 'number', inputMode: 'numeric', min: 60, max: 300 },
    { name: 'diastolic', label: '最低血圧', unit: 'mmHg', type: 'number', inputMode: 'numeric', min: 30, max: 200 },
    { name: 'pulse', label: '脈拍', unit: '回/分', type: 'number', inputMode: 'numeric', min: 20, max: 250, optional: true },
  ],
  format: (reading) => `${reading.systolic} / ${reading.diastolic} mmHg`,
  detail: (reading) => (reading.pulse !== null ? `脈拍 ${reading.pulse} 回/分` : null),
  toValues: (reading) => ({ systolic: String(reading.systolic), diastolic: String(reading.diastolic), pulse: text(reading.pulse) }),
  series: (readings) => [
    { label: '最高血圧', unit: 'mmHg', color: COLORS.main, points: readings.map((r) => ({ at: at(r), value: r.systolic })) },
    { label: '最低血圧', unit: 'mmHg', color: COLORS.second, points: readings.map((r) => ({ at: at(r), value: r.diastolic })) },
  ],
  lines: () => [
    { kind: 'reference', value: 130, shortLabel: '130', label: '高値血圧の目安 130/85mmHg（最高/最低）', color: COLORS.caution },
    { kind: 'reference', value: 85, shortLabel: '85', label: '', color: COLORS.caution },
    { kind: 'reference', value: 140, shortLabel: '140', label: '高血圧の目安 140/90mmHg（最高/最低）', color: COLORS.danger },
    { kind: 'reference', value: 90, shortLabel: '90', label: '', color: COLORS.danger },
  ],
};

/** The weight of a BMI at a height: BMI × (m)². */
// In units of 0.1 kg from exact products, so 25 × 1.7² = 72.25 rounds to 72.3 (not 72.2 by binary error).
const weightAtBmi = (bmi: number, heightCm: number) => Math.round((bmi * heightCm * heightCm) / 1000) / 10;

export const weight: VitalKind<'weight'> = {
  key: 'weight',
  slug: 'weight',
  label: '体重',
  unit: 'kg',
  digits: 1,
  flatWithin: 0.5,
  daily: false,
  bars: false,
  calls: { list: 'listWeights', save: 'saveWeight', update: 'updateWeight', remove: 'deleteWeight' },
  fields: [
    { name: 'weight', label: '体重', unit: 'kg', type: 'number', inputMode: 'decimal', min: 20, max: 300, step: 0.1 },
    { name: 'bodyFat', label: '体脂肪率', unit: '%', type: 'number', inputMode: 'decimal', min: 1, max: 75, step: 0.1, optional: true },
  ],
  format: (reading) => `${formatNumber(reading.weight, 1)} kg`,
  detail: (reading) => (reading.bodyFat !== null ? `体脂肪率 ${formatNumber(reading.bodyFat, 1)} %` : null),
  toValues: (reading) => ({ weight: text(reading.weight, 1), bodyFat: text(reading.bodyFat, 1) }),
  series: (readings) => [{ label: '体重', unit: 'kg', color: COLORS.main, points: readings.map((r) => ({ at: at(r), value: r.weight })) }],
  lines: ({ goals, height }) => {
    const lines: ChartLine[] = [];
    if (height) {
      const low = weightAtBmi(18.5, height);
      const high = weightAtBmi(25, height);
      lines.push(
        {
          kind: 'reference',
          value: low,
          shortLabel: `BMI18.5`,
          label: `BMI 18.5（低体重の境目）: ${formatNumber(low, 1)}kg`,
          color: COLORS.caution,
        },
        {
          kind: 'reference',
          value: high,
          shortLabel: `BMI25`,
          label: `BMI 25（肥満の境目）: ${formatNumber(high, 1)}kg`,
          color: COLORS.danger,
        },
      );
    }
    if (goals && goals.targetWeight !== null) {
      lines.push({
        kind: 'goal',
        value: goals.targetWeight,
        shortLabel: `目標 ${formatNumber(goals.targetWeight, 1)}`,
        label: `目標体重 ${formatNumber(goals.targetWeight, 1)}kg`,
        color: COLORS.goal,
      });
    }
    return lines;
  },
};

export const steps: VitalKind<'steps'> = {
  key: 'steps',
  slug: 'steps',
  label: '歩数',
  unit: '歩',
  digits: 0,
  flatWithin: 500,
  daily: true,
  bars: true,
  calls: { list: 'listSteps', save: 'saveStep', update: 'updateStep', remove: 'deleteStep' },
  fields: [{ name: 'steps', label: '歩数', unit: '歩', type: 'number', inputMode: 'numeric', min: 0, max: 100000 }],
  format: (reading) => `${formatNumber(reading.steps, 0)} 歩`,
  detail: () => null,
  toValues: (reading) => ({ steps: String(reading.steps) }),
  // A day's count is drawn at that day's noon in Japan, the middle of its bar.
  series: (readings) => [
    {
      label: '歩数',
      unit: '歩',
      color: COLORS.main,
      points: readings.map((r) => ({ at: new Date(`${r.day}T12:00:00+09:00`), value: r.steps })),
    },
  ],
  lines: ({ goals }) =>
    goals && goals.dailySteps !== null
      ? [
          {
            kind: 'goal',
            value: goals.dailySteps,
            shortLabel: `目標 ${formatNumber(goals.dailySteps, 0)}`,
            label: `1日の目標 ${formatNumber(goals.dailySteps, 0)}歩`,
            color: COLORS.goal,
          },
        ]
      : [],
};

export const bodyTemperature: VitalKind<'bodyTemperature'> = {
  key: 'bodyTemperature',
  slug: 'body_temperature',
  label: '体温',
  unit: '℃',
  digits: 2,
  flatWithin: 0.2,
  daily: false,
  bars: false,
  calls: {
    list: 'listBodyTemperatures',
    save: 'saveBodyTemperature',
    update: 'updateBodyTemperature',
    remove: 'deleteBodyTemperature',
  },
  fields: [{ name: 'temperature', label: '体温', unit: '℃', type: 'number', inputMode: 'decimal', min: 34, max: 42, step: 0.01 }],
  format: (reading) => `${formatNumber(reading.temperature, 2)} ℃`,
  detail: () => null,
  toValues: (reading) => ({ temperature: text(reading.temperature, 2) }),
  series: (readings) => [
    { label: '体温', unit: '℃', color: COLORS.main, points: readings.map((r) => ({ at: at(r), value: r.temperature })) },
  ],
  lines: () => [{ kind: 'reference', value: 37.5, shortLabel: '37.5', label: '発熱の目安 37.5℃', color: COLORS.danger }],
};

/** The stages in the order a night's detail line names them. */
const STAGE_LINE = [
  ['deep', '深い睡眠'],
  ['light', '浅い睡眠'],
  ['rem', 'レム睡眠'],
  ['awake', '覚醒'],
] as const;

/**
 * Sleep (issue 29): a night from bedtime to waking, written as 時間と分. The chart is one bar per
 * day one woke (hours asleep, a nap added to the night); the year, 52 bars, is drawn by week, each
 * bar the week's average. The weekly averages are also said in words under the chart.
 */
export const sleep: VitalKind<'sleep'> = {
  key: 'sleep',
  slug: 'sleep',
  label: '睡眠',
  unit: '時間',
  digits: 1,
  flatWithin: 0.5,
  daily: false,
  bars: true,
  calls: { list: 'listSleeps', save: 'saveSleep', update: 'updateSleep', remove: 'deleteSleep' },
  // Bedtime and waking are the form's own moments (VitalForm): no number to type.
  fields: [],
  format: (reading) => formatMinutes(reading.minutesAsleep),
  detail: (reading) =>
    reading.stages ? STAGE_LINE.map(([stage, label]) => `${label} ${formatMinutes(reading.stages![stage])}`).join('・') : null,
  toValues: () => ({}),
  series: (readings, period) =>
    period === 'year'
      ? [
          {
            label: '週平均の睡眠時間',
            unit: '時間',
            color: COLORS.main,
            barDays: 7,
            points: weeklyAverages(readings).map((week) => ({ at: weekMiddle(week.from), value: week.average / 60 })),
          },
        ]
      : [
          {
            label: '睡眠時間',
            unit: '時間',
            color: COLORS.main,
            points: nightlyTotals(readings).map((night) => ({ at: noonOf(night.day), value: night.minutes / 60 })),
          },
        ],
  lines: () => [],
};

/** In the order of the overview: 血糖値, 血圧, 体重, 歩数, 体温, 睡眠. */
// Each kind's functions take its own reading type; pages handle them as any kind (the reading
// always comes from that kind's own calls).
export const VITAL_KINDS = [bloodSugar, bloodPressure, weight, steps, bodyTemperature, sleep] as unknown as readonly VitalKind[];

/** One kind, as the pages take it. */
export const vitalKind = (key: VitalKey): VitalKind => VITAL_KINDS.find((kind) => kind.key === key)!;
