import { api, openOutside } from '@sukoyaka/shared';
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

/** Asks for the partner's signed link (valid ten minutes) and opens it (through the app inside its web views). */
export function useOpenCampaignPartner(go: (url: string) => void = openOutside) {
  return useMutation({
    mutationFn: (campaignId: string) => api.getPointCampaignRedirectURL({ campaignId }),
    onSuccess: ({ url }) => go(url),
  });
}
