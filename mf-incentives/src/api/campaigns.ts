import { api } from '@sukoyaka/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateBalances } from './invalidate';

export const campaignQueryKey = ['incentives', 'campaign'] as const;

export function usePointCampaign() {
  return useQuery({ queryKey: campaignQueryKey, queryFn: () => api.getPointCampaign({}) });
}

/** Enters once; entering may earn points, so balances are read again. */
export function useEntryPointCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: string) => api.entryPointCampaign({ campaignId }),
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignQueryKey, { campaign });
      void invalidateBalances(queryClient);
    },
  });
}

/**
 * Asks for the partner's signed link (valid ten minutes). The page shows where it leads first and
 * the member opens it in a new tab themselves (issue 27): the app's tab stays.
 */
export function useCampaignPartnerLink() {
  return useMutation({
    mutationFn: (campaignId: string) => api.getPointCampaignRedirectURL({ campaignId }),
  });
}
