import { z } from 'zod/mini';
import { defineCall } from '../define';
import { cursor, integerInRange, isoTimestamp, pageSize, requiredText } from '../fields';
import { AGE_BANDS } from '../forecast';
import { pageOf } from './vital-fields';

// The health forecast (issue 13): the member's inputs with where each came from, the result of
// the one score module (./forecast), saved snapshots to compare, and the supervising physician.

/** Where an input came from: the latest check-up, the vitals, the member's profile, a snapshot the member saved, or typed in. */
export const forecastInputSources = ['checkup', 'vitals', 'profile', 'saved', 'manual'] as const;
export type ForecastInputSource = (typeof forecastInputSources)[number];
export const forecastInputSource = z.enum(forecastInputSources);

const yesNo = (label: string) =>
  z.boolean({
    error: (issue) => (issue.input === undefined || issue.input === null ? `${label}を選択してください` : `${label}の値が正しくありません`),
  });

/** The inputs of a forecast, flat, each naming itself in its messages. Ages 20–120 are accepted so that out-of-range ages can be said so. */
export const forecastInputFields = {
  sex: z.enum(['male', 'female'], {
    error: (issue) => (issue.input === undefined || issue.input === null ? '性別を選択してください' : '性別の値が正しくありません'),
  }),
  age: integerInRange('年齢', 20, 120, '歳'),
  systolic: integerInRange('収縮期血圧', 60, 300, 'mmHg'),
  ldl: integerInRange('LDLコレステロール', 20, 600, 'mg/dL'),
  hdl: integerInRange('HDLコレステロール', 10, 250, 'mg/dL'),
  impairedGlucose: yesNo('耐糖能異常の有無'),
  smoker: yesNo('喫煙の有無'),
  coronaryDisease: z._default(yesNo('心筋梗塞・狭心症の治療歴'), false),
  diabetes: z._default(yesNo('糖尿病の有無'), false),
  ckd: z._default(yesNo('慢性腎臓病の有無'), false),
  pad: z._default(yesNo('末梢動脈疾患の有無'), false),
  nonCardiogenicStroke: z._default(yesNo('脳梗塞の治療歴'), false),
};
export const forecastInputsInput = z.object(forecastInputFields);
export type ForecastInputValues = z.output<typeof forecastInputsInput>;
export type ForecastInputKey = keyof ForecastInputValues;
export const forecastInputKeys = Object.keys(forecastInputFields) as ForecastInputKey[];

const riskCategory = z.enum(['low', 'middle', 'high', 'secondary']);
const lipidTargets = z.object({ ldlBelow: z.number(), nonHdlBelow: z.number() });

/** The score module's ForecastResult as an answer. */
export const forecastResultSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('score'),
    points: z.number(),
    factors: z.array(
      z.object({ factor: z.enum(['sex', 'systolic', 'impairedGlucose', 'ldl', 'hdl', 'smoker']), points: z.number(), max: z.number() }),
    ),
    ageBand: z.enum(AGE_BANDS),
    risk: z.object({ percent: z.number(), belowOne: z.boolean() }),
    category: z.enum(['low', 'middle', 'high']),
    targets: lipidTargets,
  }),
  z.object({
    kind: z.literal('outOfRange'),
    reason: z.enum(['coronaryDisease', 'diabetes', 'ckd', 'pad', 'nonCardiogenicStroke', 'under40', 'over79']),
    category: z.nullable(riskCategory),
    targets: z.nullable(lipidTargets),
  }),
]);

/** One input as the member's data gives it: null where nothing is known; `on` is the day it was measured or given (yyyy-MM-dd). */
const sourced = <T extends z.ZodMiniType>(value: T) =>
  z.object({ value: z.nullable(value), source: z.nullable(forecastInputSource), on: z.nullable(z.string()) });

export const forecastKnownInputsSchema = z.object({
  sex: sourced(z.enum(['male', 'female'])),
  age: sourced(z.number()),
  systolic: sourced(z.number()),
  ldl: sourced(z.number()),
  hdl: sourced(z.number()),
  impairedGlucose: sourced(z.boolean()),
  smoker: sourced(z.boolean()),
  coronaryDisease: sourced(z.boolean()),
  diabetes: sourced(z.boolean()),
  ckd: sourced(z.boolean()),
  pad: sourced(z.boolean()),
  nonCardiogenicStroke: sourced(z.boolean()),
});
export type ForecastKnownInputs = z.infer<typeof forecastKnownInputsSchema>;

export const forecastCheckupStatusSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('none') }),
  /** A check-up exists behind the My Number secret question (the page links to /myna_connection/verify). */
  z.object({ status: z.literal('secretQuestionRequired') }),
  z.object({ status: z.literal('available'), examinedOn: z.string(), institution: z.nullable(z.string()) }),
]);

export const healthForecastSchema = z.object({
  checkup: forecastCheckupStatusSchema,
  inputs: forecastKnownInputsSchema,
  /** The inputs the score still needs (the page asks for them). */
  missing: z.array(z.enum(['sex', 'age', 'systolic', 'ldl', 'hdl', 'impairedGlucose', 'smoker'])),
  /** The forecast of the known inputs; null while any is missing. */
  result: z.nullable(forecastResultSchema),
});
export type HealthForecast = z.infer<typeof healthForecastSchema>;

const snapshotInputsSchema = z.object({
  sex: z.enum(['male', 'female']),
  age: z.number(),
  systolic: z.number(),
  ldl: z.number(),
  hdl: z.number(),
  impairedGlucose: z.boolean(),
  smoker: z.boolean(),
  coronaryDisease: z.boolean(),
  diabetes: z.boolean(),
  ckd: z.boolean(),
  pad: z.boolean(),
  nonCardiogenicStroke: z.boolean(),
});

export const forecastSnapshotSchema = z.object({
  id: z.string(),
  savedAt: isoTimestamp,
  inputs: snapshotInputsSchema,
  sources: z.record(z.string(), forecastInputSource),
  result: forecastResultSchema,
});
export type ForecastSnapshot = z.infer<typeof forecastSnapshotSchema>;

/**
 * A saved forecast as listed. Values whose source is the check-up need the same My Number
 * secret-question step-up as the records: without a current one they are left out of `inputs`,
 * `result` (which their bands decide) is null and `checkupWithheld` is true, so the page can ask
 * for the step-up; with it, everything as saved.
 */
export const listedForecastSnapshotSchema = z.object({
  id: z.string(),
  savedAt: isoTimestamp,
  inputs: z.object({
    sex: z.optional(z.enum(['male', 'female'])),
    age: z.optional(z.number()),
    systolic: z.optional(z.number()),
    ldl: z.optional(z.number()),
    hdl: z.optional(z.number()),
    impairedGlucose: z.optional(z.boolean()),
    smoker: z.optional(z.boolean()),
    coronaryDisease: z.optional(z.boolean()),
    diabetes: z.optional(z.boolean()),
    ckd: z.optional(z.boolean()),
    pad: z.optional(z.boolean()),
    nonCardiogenicStroke: z.optional(z.boolean()),
  }),
  sources: z.record(z.string(), forecastInputSource),
  result: z.nullable(forecastResultSchema),
  checkupWithheld: z.boolean(),
});
export type ListedForecastSnapshot = z.infer<typeof listedForecastSnapshotSchema>;

export const FORECAST_SNAPSHOT_NOT_FOUND_MESSAGE = '保存した予測が見つかりませんでした。';

export const getHealthForecast = defineCall({
  name: 'getHealthForecast',
  method: 'GET',
  access: 'member',
  summary:
    "The member's forecast inputs, each with its source and date (latest check-up through the My Number connection, latest blood pressure, birthday, the last saved snapshot), and the Hisayama score of them. Stores nothing, earns nothing.",
  input: () => z.object({}),
  output: () => healthForecastSchema,
});

export const saveHealthForecastSnapshot = defineCall({
  name: 'saveHealthForecastSnapshot',
  method: 'POST',
  access: 'member',
  createsResource: true,
  summary: 'Saves the inputs as the member chose them and their forecast (computed again by the server), sealed at rest.',
  input: () =>
    z.object({
      ...forecastInputFields,
      /** Where each input came from, as the page showed it; an input left out counts as typed in. */
      sources: z.optional(
        z.partialRecord(z.enum(Object.keys(forecastInputFields) as [ForecastInputKey, ...ForecastInputKey[]]), forecastInputSource),
      ),
    }),
  output: () => forecastSnapshotSchema,
});

/**
 * The saved forecasts in the shape of release 2026-11-23, kept for its clients: only the snapshots
 * that may be shown whole, so without a current My Number step-up those holding check-up values
 * are left out of the page (issue 24 #7). Pages use `listSavedHealthForecasts`.
 */
export const listHealthForecastSnapshots = defineCall({
  name: 'listHealthForecastSnapshots',
  method: 'GET',
  access: 'member',
  summary: "The member's saved forecasts that may be shown whole, newest first, a page at a time (superseded by listSavedHealthForecasts).",
  input: () => z.object({ cursor: z.optional(cursor), limit: pageSize(10, 50) }),
  output: () => pageOf(forecastSnapshotSchema),
});

export const listSavedHealthForecasts = defineCall({
  name: 'listSavedHealthForecasts',
  method: 'GET',
  access: 'member',
  summary:
    "The member's saved forecasts, newest first, a page at a time; values from the check-up only with a current My Number secret-question step-up (else withheld, and said so).",
  input: () => z.object({ cursor: z.optional(cursor), limit: pageSize(10, 50) }),
  output: () => pageOf(listedForecastSnapshotSchema),
});

export const deleteHealthForecastSnapshot = defineCall({
  name: 'deleteHealthForecastSnapshot',
  method: 'POST',
  access: 'member',
  summary: "Deletes one of the member's saved forecasts (404 for another member's id).",
  input: () => z.object({ id: z.uuid({ error: '保存した予測のIDの形式が正しくありません' }) }),
  output: () => z.object({ id: z.string() }),
});

export const doctorProfileSchema = z.object({
  name: z.string(),
  nameKana: z.string(),
  title: z.string(),
  specialty: z.string(),
  qualifications: z.array(z.string()),
  career: z.array(z.string()),
  message: z.string(),
  updatedAt: isoTimestamp,
});
export type DoctorProfile = z.infer<typeof doctorProfileSchema>;

/** What an operator edits (bff/src/health/doctor-profile.ts updateDoctorProfile). */
export const doctorProfileInput = z.object({
  name: requiredText('氏名', 60),
  nameKana: requiredText('氏名（ふりがな）', 60),
  title: requiredText('肩書き', 100),
  specialty: requiredText('専門', 100),
  qualifications: z.array(requiredText('資格', 100)).check(z.maxLength(20, '資格は20件までで入力してください')),
  career: z.array(requiredText('経歴', 200)).check(z.maxLength(30, '経歴は30件までで入力してください')),
  message: requiredText('メッセージ', 2000),
});
export type DoctorProfileInput = z.output<typeof doctorProfileInput>;

export const getDoctorProfile = defineCall({
  name: 'getDoctorProfile',
  method: 'GET',
  access: 'visitor',
  summary:
    "The physician who supervises the health forecast: the member's association's, else the service's own; null when neither is set.",
  input: () => z.object({}),
  output: () => z.object({ profile: z.nullable(doctorProfileSchema) }),
});

export const forecastCalls = {
  getHealthForecast,
  saveHealthForecastSnapshot,
  listHealthForecastSnapshots,
  listSavedHealthForecasts,
  deleteHealthForecastSnapshot,
  getDoctorProfile,
};
