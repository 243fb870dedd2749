import { api, userInfoQueryKey } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { navigationInfoQueryKey } from '../../navigation/api/get-navigation-info';

export function updateProfile(nickname: string) {
  return api.updateProfile({ nickname });
}

/** Changes the nickname; every page that shows it reads it again. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: userInfoQueryKey }),
        client.invalidateQueries({ queryKey: navigationInfoQueryKey }),
      ]);
    },
  });
}
