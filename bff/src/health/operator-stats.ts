// The health area's figures and physician for operators (mf-admin). The route layer has checked
// the operator's role in `associationId`; every query here is limited to that association.
import type { CallOutput, DaySeries, OperatorPeriodInput, ParsedInput } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { doctorProfiles } from '../db/schema';
import type { CallContext } from '../platform/handlers';
import { auditOperator } from '../platform/operators';
import { updateDoctorProfile } from './doctor-profile';
import { dayCounters, GAP_CAP, type DayCounters } from './figures';

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The members active in [from, to] (a window of at most GAP_CAP days): those of its days whose previous active day is before `from`. */
function activeIn(days: Map<string, DayCounters>, from: string, to: string): number {
  let active = 0;
  for (let day = from, offset = 0; day <= to; day = addDays(day, 1), offset += 1) {
    const members = days.get(day)?.members;
    if (members) for (let gap = offset + 1; gap <= GAP_CAP; gap += 1) active += members[gap]!;
  }
  return active;
}

/**
 * Readings of the association's members per Japan day in the period (every vital: blood pressure,
 * blood sugar, weight, body temperature, steps, sleep); the members who recorded anything on each day and
 * in each week (Monday to Sunday, the period's first week from its first day); and those who did in
 * the 7 and 30 days up to the period's end. From the counters of health/figures.ts (per day and
 * gap since each member's previous active day, kept by triggers in each reading's transaction):
 * a few rows a day of the period, whatever the number of members (issue 28).
 */
export async function healthStats(db: Executor, associationId: string, period: Pick<OperatorPeriodInput, 'from' | 'to'>) {
  const first = period.from < addDays(period.to, -29) ? period.from : addDays(period.to, -29);
  const days = await dayCounters(db, associationId, first, period.to);
  const recordsPerDay: DaySeries = [];
  const activeMembersPerDay: DaySeries = [];
  const activeMembersPerWeek: DaySeries = [];
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
    const counters = days.get(day);
    recordsPerDay.push({ day, count: counters?.records ?? 0 });
    activeMembersPerDay.push({ day, count: counters ? counters.members.reduce((sum, members) => sum + members, 0) : 0 });
    const monday = addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
    if (day === period.from || monday === day) {
      const sunday = addDays(monday, 6);
      activeMembersPerWeek.push({ day: monday, count: activeIn(days, day, sunday < period.to ? sunday : period.to) });
    }
  }
  return {
    recordsPerDay,
    activeMembersPerDay,
    activeMembersPerWeek,
    recordTotal: recordsPerDay.reduce((sum, day) => sum + day.count, 0),
    activeMembers7: activeIn(days, addDays(period.to, -6), period.to),
    activeMembers30: activeIn(days, addDays(period.to, -29), period.to),
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
