import { z } from 'zod/mini';
import { defineCall } from '../define';
import { daySeries, operatorAssociationId, operatorPeriodInput } from '../operators/shared';
import { doctorProfileInput, doctorProfileSchema } from './forecast-calls';

// The health area's operator calls (mf-admin): the association's records in figures, and the
// physician who supervises its health forecast.

export const getOperatorHealthStats = defineCall({
  name: 'getOperatorHealthStats',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary:
    "The association's vitals for the dashboard: readings recorded per day (Japan) in the period; active members — those who recorded anything — per day and per week of the period, and in the 7 and the 30 days up to the period's end.",
  input: () => operatorPeriodInput,
  output: () =>
    z.object({
      recordsPerDay: daySeries,
      /** Members who recorded anything on each day of the period. */
      activeMembersPerDay: daySeries,
      /** Members who recorded anything in each week (Monday to Sunday) of the period; `day` is the week's Monday, the first week clipped to the period. */
      activeMembersPerWeek: daySeries,
      recordTotal: z.number().check(z.int()),
      activeMembers7: z.number().check(z.int()),
      activeMembers30: z.number().check(z.int()),
    }),
});

export const getOperatorDoctorProfile = defineCall({
  name: 'getOperatorDoctorProfile',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary: "The association's own supervising physician (null when it has none and members see the service's).",
  input: () => z.object({ associationId: operatorAssociationId() }),
  output: () => z.object({ profile: z.nullable(doctorProfileSchema) }),
});

export const updateOperatorDoctorProfile = defineCall({
  name: 'updateOperatorDoctorProfile',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary: "Sets the association's supervising physician shown with the health forecast (/doctor_profile01); audited.",
  input: () => z.object({ associationId: operatorAssociationId(), profile: doctorProfileInput }),
  output: () => z.object({ profile: doctorProfileSchema }),
});

export const healthOperatorCalls = { getOperatorHealthStats, getOperatorDoctorProfile, updateOperatorDoctorProfile };
