import { api } from '@sukoyaka/shared';
import { useMutation } from '@tanstack/react-query';

export function unsubscribeNotification(token: string) {
  return api.unsubscribeNotification({ token });
}

export function useUnsubscribeNotification() {
  return useMutation({ mutationFn: unsubscribeNotification });
}
