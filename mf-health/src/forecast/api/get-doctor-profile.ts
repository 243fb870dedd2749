import type { DoctorProfile } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const doctorProfileQueryKey = ['doctorProfile'] as const;

export function getDoctorProfile(): Promise<{ profile: DoctorProfile | null }> {
  return api.getDoctorProfile({});
}

export function doctorProfileQueryOptions() {
  return queryOptions({ queryKey: doctorProfileQueryKey, queryFn: getDoctorProfile });
}

/** The supervising physician of the member's association (or the service's own for visitors). */
export function useDoctorProfile() {
  return useQuery(doctorProfileQueryOptions());
}
