import type { CallInput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const walkingKey = ['incentives', 'walking'] as const;

/** The association's walking events (upcoming, running, lately ended). */
export function useWalkingEvents() {
  return useQuery({ queryKey: [...walkingKey, 'list'], queryFn: () => api.listWalkingEvents({}) });
}

/** One event with the member's own days, total, rank and team. */
export function useWalkingEvent(eventId: string) {
  return useQuery({ queryKey: [...walkingKey, 'event', eventId], queryFn: () => api.getWalkingEvent({ eventId }) });
}

/** The top 10 and the entries around the member, of members or of teams. */
export function useWalkingLeaderboard(eventId: string, kind: 'members' | 'teams') {
  return useQuery({
    queryKey: [...walkingKey, 'board', eventId, kind],
    queryFn: () => api.getWalkingLeaderboard({ eventId, kind }),
  });
}

/** The member's own team page. */
export function useWalkingTeam(eventId: string, teamId: string) {
  return useQuery({ queryKey: [...walkingKey, 'team', eventId, teamId], queryFn: () => api.getWalkingTeam({ eventId, teamId }) });
}

/** What an invite code leads to. */
export function useWalkingTeamInvite(code: string) {
  return useQuery({ queryKey: [...walkingKey, 'invite', code], queryFn: () => api.getWalkingTeamInvite({ code }), retry: false });
}

function useWalkingMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walkingKey }),
  });
}

export const useJoinWalkingEvent = () => useWalkingMutation((eventId: string) => api.joinWalkingEvent({ eventId }));
export const useLeaveWalkingEvent = () => useWalkingMutation((eventId: string) => api.leaveWalkingEvent({ eventId }));
export const useLeaveWalkingTeam = () => useWalkingMutation((eventId: string) => api.leaveWalkingTeam({ eventId }));
export const useCreateWalkingTeam = () => useWalkingMutation((input: CallInput<'createWalkingTeam'>) => api.createWalkingTeam(input));
export const useJoinWalkingTeam = () => useWalkingMutation((code: string) => api.joinWalkingTeam({ code }));
