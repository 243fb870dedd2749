// The health area's figures and physician for operators (mf-admin). The route layer has checked
// the operator's role in `associationId`; every query here is limited to that association.
import type { CallOutput, DaySeries, OperatorPeriodInput, ParsedInput } from '@sukoyaka/contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { doctorProfiles, healthActivityDays } from '../db/schema';
import type { CallContext } from '../platform/handlers';
import { auditOperator } from '../platform/operators';
import { updateDoctorProfile } from './doctor-profile';

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Readings of the association's members per Japan day in the period (every vital: blood pressure,
 * blood sugar, weight, body temperature, steps); the members who recorded anything on each day and
 * in each week (Monday to Sunday, the period's first week from its first day); and those who did in
 * the 7 and 30 days up to the period's end. From the roll-up health_activity_days (one row per
 * association, day and member who recorded that day, kept by triggers in each reading's
 * transaction), read on its primary key as one range of the association's days: the figures cost
 * the period's active members, never a scan of the readings (issue 28).
 */
export async function healthStats(db: Executor, associationId: string, period: Pick<OperatorPeriodInput, 'from' | 'to'>) {
  const first = period.from < addDays(period.to, -29) ? period.from : addDays(period.to, -29);
  const result = await db.execute(sql`
    with days as (
      select ${healthActivityDays.day} as day, ${healthActivityDays.userId} as user_id, ${healthActivityDays.records} as records
      from ${healthActivityDays}
      where ${healthActivityDays.associationId} = ${associationId} and ${healthActivityDays.day} >= ${first}::date and ${healthActivityDays.day} <= ${period.to}::date)
    , inPeriod as (select * from days where day >= ${period.from}::date)
    select 'day' as kind, to_char(day, 'YYYY-MM-DD') as day, sum(records)::int as n from inPeriod group by day
    union all select 'dayActive', to_char(day, 'YYYY-MM-DD'), count(*)::int from inPeriod group by day
    union all select 'weekActive', to_char(week, 'YYYY-MM-DD'), count(*)::int
      from (select distinct date_trunc('week', day) as week, user_id from inPeriod) weeks group by week
    union all select 'active7', null, count(*)::int from (select distinct user_id from days where day >= ${addDays(period.to, -6)}::date) seven
    union all select 'active30', null, count(*)::int from (select distinct user_id from days where day >= ${addDays(period.to, -29)}::date) thirty`);
  const rows = (result as unknown as { rows: Array<{ kind: string; day: string | null; n: number }> }).rows;
  const of = (kind: string) => new Map(rows.filter((row) => row.kind === kind).map((row) => [row.day!, Number(row.n)]));
  const [perDay, activePerDay, activePerWeek] = [of('day'), of('dayActive'), of('weekActive')];
  const recordsPerDay: DaySeries = [];
  const activeMembersPerDay: DaySeries = [];
  const activeMembersPerWeek: DaySeries = [];
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
    recordsPerDay.push({ day, count: perDay.get(day) ?? 0 });
    activeMembersPerDay.push({ day, count: activePerDay.get(day) ?? 0 });
    const monday = addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
    if (day === period.from || monday === day) activeMembersPerWeek.push({ day: monday, count: activePerWeek.get(monday) ?? 0 });
  }
  return {
    recordsPerDay,
    activeMembersPerDay,
    activeMembersPerWeek,
    recordTotal: recordsPerDay.reduce((sum, day) => sum + day.count, 0),
    activeMembers7: Number(rows.find((row) => row.kind === 'active7')?.n ?? 0),
    activeMembers30: Number(rows.find((row) => row.kind === 'active30')?.n ?? 0),
  };
}

type Context = CallContext<'operator'>;

export const healthOperatorHandlers = {
  getOperatorHealthStats: async (
    input: ParsedInput<'getOperatorHealthStats'>,
    { db }: Context,
  ): Promise<CallOutput<'getOperatorHealthStats'>> => healthStats(db, input.associationId, input),

  /** Only the association's own row: the service-wide physician is not an association's to show or edit. */
  getOperatorDoctorProfile: async (
    input: ParsedInput<'getOperatorDoctorProfile'>,
    { db }: Context,
  ): Promise<CallOutput<'getOperatorDoctorProfile'>> => {
    const [row] = await db.select().from(doctorProfiles).where(eq(doctorProfiles.associationId, input.associationId));
    return {
      profile: row
        ? {
            name: row.name,
            nameKana: row.nameKana,
            title: row.title,
            specialty: row.specialty,
            qualifications: row.qualifications,
            career: row.career,
            message: row.message,
            updatedAt: row.updatedAt.toISOString(),
          }
        : null,
    };
  },

  updateOperatorDoctorProfile: async (
    input: ParsedInput<'updateOperatorDoctorProfile'>,
    { db, actor, operator, now }: Context,
  ): Promise<CallOutput<'updateOperatorDoctorProfile'>> =>
    db.transaction(async (tx) => {
      const profile = await updateDoctorProfile(tx, input.associationId, input.profile, now);
      await auditOperator(tx, actor, 'doctor_profile_updated', operator.id, input.associationId, { name: profile.name }, now);
      return { profile };
    }),
};
