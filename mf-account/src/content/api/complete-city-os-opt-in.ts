import { api } from '@sukoyaka/shared';
import { useMutation } from '@tanstack/react-query';

/** Hands the partner's return (`code`, and `state`: the link's nonce) to the bff, which checks and uses up the nonce. */
export function useCompleteCityOsOptIn() {
  return useMutation({ mutationFn: (input: { code: string; state: string }) => api.completeCityOSOptIn(input) });
}
