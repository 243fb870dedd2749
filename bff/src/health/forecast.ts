// The health forecast (issue 13): the member's inputs gathered from what the member's data already
// says, each with its source and day, the one score module of the contract over them, and the
// snapshots a member chooses to keep. Viewing stores nothing and earns nothing: getHealthForecast
// only reads (the check-up reader audits its own read).
import { randomUUID } from 'node:crypto';
import {
  FORECAST_SNAPSHOT_NOT_FOUND_MESSAGE,
  computeForecast,
  forecastSnapshotSchema,
  isCkdByEgfr,
  isDiabetes,
  isImpairedGlucose,
  japanDay,
  toForecastInputs,
  type ForecastInputKey,
  type ForecastInputSource,
  type ForecastInputValues,
  type ForecastKnownInputs,
  type ForecastSnapshot,
  type HealthForecast,
  type ListedForecastSnapshot,
  type ParsedInput,
} from '@sukoyaka/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { healthForecastSnapshots, users } from '../db/schema';
import { readLatestCheckup, type CheckupValues } from '../platform/checkup-source';
import { decryptString, encrypt, keyringFromEnv, type Keyring } from '../platform/crypto';
import { decodeCursor, keysetBefore, keysetPage } from '../platform/cursor';
import { notFound } from '../platform/errors';
import type { SessionRow } from '../platform/sessions';
import { hasStepUp } from '../platform/step-up';
import { listBloodPressures } from './blood-pressures';

let keyring: Keyring | undefined;
const ring = () => (keyring ??= keyringFromEnv());
// Bound to the row and its member: a sealed value copied to another row or member fails to open.
const sealContext = (id: string, userId: string) => `health_forecast_snapshots.sealed:${id}:${userId}`;

/** What is sealed: the inputs, where each came from, and the result as it was computed then. */
type SealedSnapshot = Pick<ForecastSnapshot, 'inputs' | 'sources' | 'result'>;

type SnapshotRow = typeof healthForecastSnapshots.$inferSelect;

function openSnapshot(row: SnapshotRow): ForecastSnapshot {
  const sealed = JSON.parse(decryptString(ring(), row.sealed, sealContext(row.id, row.userId))) as SealedSnapshot;
  return forecastSnapshotSchema.parse({ id: row.id, savedAt: row.savedAt.toISOString(), ...sealed });
}

/**
 * A snapshot as this session may see it: values whose source is the check-up need the same My
 * Number secret-question step-up as the records (issue 24 #7), and so does the result, whose
 * factors give their bands away. Without it they are left out and the snapshot says so.
 */
function asSeenBy(snapshot: ForecastSnapshot, checkupVisible: boolean): ListedForecastSnapshot {
  const fromCheckup = Object.keys(snapshot.inputs).filter((key) => snapshot.sources[key] === 'checkup');
  if (checkupVisible || fromCheckup.length === 0) return { ...snapshot, checkupWithheld: false };
  const inputs = Object.fromEntries(Object.entries(snapshot.inputs).filter(([key]) => !fromCheckup.includes(key)));
  return { ...snapshot, inputs, result: null, checkupWithheld: true };
}

const checkupVisibleTo = (session: SessionRow, now: Date) => hasStepUp('mynaSecretQuestion', session, now);

const CORE_KEYS = ['sex', 'age', 'systolic', 'ldl', 'hdl', 'impairedGlucose', 'smoker'] as const;

/** Whole years at `today` (yyyy-MM-dd), from a birthday (yyyy-MM-dd). */
export function ageOn(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

type Known = ForecastKnownInputs;
const unknown = { value: null, source: null, on: null };

/**
 * Each input from the first source that has it: the latest check-up or blood pressure (the
 * newer of the two for systolic), the birthday for the age, then the member's last saved snapshot
 * (a "saved answer": sex, smoking and the conditions are asked once and kept only if saved).
 */
function gatherInputs(parts: {
  checkup: CheckupValues | null;
  pressure: { systolic: number; day: string } | null;
  birthday: string | null;
  today: string;
  saved: ListedForecastSnapshot | null;
}): Known {
  const { checkup, pressure, birthday, today, saved } = parts;
  const fromCheckup = <T>(value: T | null | undefined) =>
    checkup && value !== null && value !== undefined ? { value, source: 'checkup' as const, on: checkup.examinedOn } : null;
  // A saved answer withheld from this session (a check-up value without the step-up) is not known.
  const fromSaved = (key: ForecastInputKey) =>
    saved && saved.inputs[key] !== undefined
      ? { value: saved.inputs[key], source: 'saved' as const, on: japanDay(new Date(saved.savedAt)) }
      : null;
  const pick = <K extends keyof Known>(key: K, ...candidates: Array<Known[K] | null>): Known[K] =>
    (candidates.find((candidate) => candidate !== null) ?? fromSaved(key) ?? unknown) as Known[K];

  const glucose = checkup
    ? { hba1c: checkup.hba1c, fastingGlucose: checkup.fastingGlucose, onDiabetesMedication: checkup.onDiabetesMedication }
    : null;
  const diabetesKnown = glucose && (glucose.hba1c !== null || glucose.fastingGlucose !== null || glucose.onDiabetesMedication !== null);
  const fromVitals = pressure ? { value: pressure.systolic, source: 'vitals' as const, on: pressure.day } : null;
  const checkupSystolic = fromCheckup(checkup?.systolic);
  // The newer measurement wins; on the same day the check-up's (taken under its protocol).
  const systolic = fromVitals && (!checkupSystolic || fromVitals.on > checkupSystolic.on) ? fromVitals : checkupSystolic;

  return {
    sex: pick('sex', fromCheckup(checkup?.sex)),
    age: pick('age', birthday ? { value: ageOn(birthday, today), source: 'profile', on: today } : null),
    systolic: pick('systolic', systolic),
    ldl: pick('ldl', fromCheckup(checkup?.ldl)),
    hdl: pick('hdl', fromCheckup(checkup?.hdl)),
    impairedGlucose: pick('impairedGlucose', glucose ? fromCheckup(isImpairedGlucose(glucose)) : null),
    smoker: pick('smoker', fromCheckup(checkup?.smoker)),
    coronaryDisease: pick('coronaryDisease'),
    diabetes: pick('diabetes', diabetesKnown ? fromCheckup(isDiabetes(glucose)) : null),
    ckd: pick('ckd', fromCheckup(isCkdByEgfr(checkup?.egfr ?? null))),
    pad: pick('pad'),
    nonCardiogenicStroke: pick('nonCardiogenicStroke'),
  };
}

async function latestSnapshot(db: Executor, userId: string): Promise<ForecastSnapshot | null> {
  const [row] = await db
    .select()
    .from(healthForecastSnapshots)
    .where(eq(healthForecastSnapshots.userId, userId))
    .orderBy(desc(healthForecastSnapshots.savedAt), desc(healthForecastSnapshots.id))
    .limit(1);
  return row ? openSnapshot(row) : null;
}

export async function getHealthForecast(db: Database, userId: string, session: SessionRow, now: Date): Promise<HealthForecast> {
  const latest = await readLatestCheckup({ db, userId, session, now, purpose: 'health_forecast' });
  const [user] = await db.select({ birthday: users.birthday }).from(users).where(eq(users.id, userId));
  const pressures = await listBloodPressures(db, userId, { limit: 1 });
  const reading = pressures.items[0];
  const last = await latestSnapshot(db, userId);
  const saved = last ? asSeenBy(last, checkupVisibleTo(session, now)) : null;
  const checkup = latest.status === 'available' ? latest.checkup : null;

  const inputs = gatherInputs({
    checkup,
    pressure: reading ? { systolic: reading.systolic, day: japanDay(new Date(reading.measuredAt)) } : null,
    birthday: user?.birthday ?? null,
    today: japanDay(now),
    saved,
  });
  const missing = CORE_KEYS.filter((key) => inputs[key].value === null);
  const result =
    missing.length === 0
      ? computeForecast(
          toForecastInputs(
            Object.fromEntries(Object.entries(inputs).map(([key, input]) => [key, input.value ?? false])) as ForecastInputValues,
          ),
        )
      : null;
  return {
    checkup:
      latest.status === 'available'
        ? { status: 'available', examinedOn: latest.checkup.examinedOn, institution: latest.checkup.institution }
        : { status: latest.status },
    inputs,
    missing,
    result,
  };
}

/** Saves what the member chose, with the result the server computes of it (never the client's). */
export async function saveHealthForecastSnapshot(
  db: Database,
  userId: string,
  input: ParsedInput<'saveHealthForecastSnapshot'>,
  now: Date,
): Promise<ForecastSnapshot> {
  const { sources: given, ...values } = input;
  const sources = Object.fromEntries(Object.keys(values).map((key) => [key, given?.[key as ForecastInputKey] ?? 'manual'])) as Record<
    string,
    ForecastInputSource
  >;
  const sealed: SealedSnapshot = { inputs: values, sources, result: computeForecast(toForecastInputs(values)) };
  const id = randomUUID();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(healthForecastSnapshots)
      .values({ id, userId, savedAt: now, sealed: encrypt(ring(), JSON.stringify(sealed), sealContext(id, userId)) })
      .returning();
    return inserted!;
  });
  return openSnapshot(row);
}

export async function listSavedHealthForecasts(
  db: Executor,
  caller: { userId: string; session: SessionRow; now: Date },
  input: ParsedInput<'listSavedHealthForecasts'>,
): Promise<{ items: ListedForecastSnapshot[]; nextCursor: string | null }> {
  const { userId } = caller;
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const t = healthForecastSnapshots;
  // One row more than the page tells whether there is a next one; (saved_at, id) on the index.
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.userId, userId), after ? keysetBefore(t.savedAt, t.id, after) : undefined))
    .orderBy(desc(t.savedAt), desc(t.id))
    .limit(input.limit + 1);
  const page = keysetPage(rows, input.limit, (row) => ({ at: row.savedAt, id: row.id }));
  const visible = checkupVisibleTo(caller.session, caller.now);
  return { items: page.rows.map((row) => asSeenBy(openSnapshot(row), visible)), nextCursor: page.nextCursor };
}

/**
 * Release 2026-11-23's call, for its clients: the same page with the snapshots whose check-up
 * values are withheld left out, so it keeps its shape and never shows them without the step-up.
 */
export async function listHealthForecastSnapshots(
  db: Executor,
  caller: { userId: string; session: SessionRow; now: Date },
  input: ParsedInput<'listHealthForecastSnapshots'>,
): Promise<{ items: ForecastSnapshot[]; nextCursor: string | null }> {
  const page = await listSavedHealthForecasts(db, caller, input);
  const items: ForecastSnapshot[] = [];
  for (const { checkupWithheld, inputs, result, ...rest } of page.items) {
    // Not withheld: asSeenBy answered the snapshot as saved, every input and its result.
    if (!checkupWithheld && result) items.push({ ...rest, inputs: inputs as ForecastSnapshot['inputs'], result });
  }
  return { items, nextCursor: page.nextCursor };
}

/** Every snapshot of the member, newest first, opened (the download of their records). */
export async function allHealthForecastSnapshots(db: Executor, userId: string): Promise<ForecastSnapshot[]> {
  const t = healthForecastSnapshots;
  const rows = await db.select().from(t).where(eq(t.userId, userId)).orderBy(desc(t.savedAt), desc(t.id));
  return rows.map(openSnapshot);
}

export async function deleteHealthForecastSnapshot(db: Database, userId: string, id: string): Promise<{ id: string }> {
  const deleted = await db.transaction((tx) =>
    tx
      .delete(healthForecastSnapshots)
      .where(and(eq(healthForecastSnapshots.id, id), eq(healthForecastSnapshots.userId, userId)))
      .returning({ id: healthForecastSnapshots.id }),
  );
  if (deleted.length === 0) throw notFound(FORECAST_SNAPSHOT_NOT_FOUND_MESSAGE);
  return { id };
}
