import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** removeMynaSensitives: every imported record and the link; then nothing of the area is cached. */
export function useRemoveMynaSensitives() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.removeMynaSensitives({ confirm: true }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['myna', 'records'] });
      return queryClient.invalidateQueries({ queryKey: ['myna'] });
    },
  });
}
