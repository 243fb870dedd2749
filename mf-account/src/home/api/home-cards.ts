import { api } from '@sukoyaka/shared';
import { useQuery } from '@tanstack/react-query';

/** The three newest announcements (and whether they are read), for the announcements and next-action cards. */
export function useHomeAnnouncements() {
  return useQuery({ queryKey: ['content', 'announcements', 'home'], queryFn: () => api.listAnnouncements({ limit: 3 }) });
}

/** Prize competitions open now (mf-incentives has the page). */
export function useOpenPrizeCompetitions() {
  return useQuery({ queryKey: ['incentives', 'competitions'], queryFn: () => api.listOpenPrizeCompetitions({}) });
}

/** The latest vitals, for the next-action card. */
export function useHomeVitalsSummary() {
  return useQuery({ queryKey: ['home', 'vitalsSummary'], queryFn: () => api.getVitalsSummary({}) });
}
