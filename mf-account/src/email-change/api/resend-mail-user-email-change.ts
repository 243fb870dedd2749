import { api } from '@sukoyaka/shared';
import { useMutation } from '@tanstack/react-query';

export function resendMailUserEmailChange() {
  return api.resendMailUserEmailChange();
}

export function useResendMailUserEmailChange() {
  return useMutation({ mutationFn: resendMailUserEmailChange });
}
