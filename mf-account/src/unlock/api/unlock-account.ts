import { api } from '@sukoyaka/shared';
import { useMutation } from '@tanstack/react-query';

export function unlockAccount(token: string) {
  return api.unlockAccount({ token });
}

export function useUnlockAccount() {
  return useMutation({ mutationFn: unlockAccount });
}
