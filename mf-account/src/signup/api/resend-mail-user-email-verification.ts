import { api } from '@sukoyaka/shared';
import { useMutation } from '@tanstack/react-query';

export function resendMailUserEmailVerification() {
  return api.resendMailUserEmailVerification();
}

export function useResendMailUserEmailVerification() {
  return useMutation({ mutationFn: resendMailUserEmailVerification });
}
