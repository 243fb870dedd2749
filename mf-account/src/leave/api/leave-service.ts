import { api } from '@sukoyaka/shared';
import { useMutation } from '@tanstack/react-query';

export function leaveService() {
  return api.leaveService({ confirm: true });
}

/** Leaves the service; the session ends with it, so the page moves on with a fresh load. */
export function useLeaveService() {
  return useMutation({ mutationFn: leaveService });
}
