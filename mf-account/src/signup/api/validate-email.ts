import type { CallOutput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type EmailCheck = CallOutput<'validateEmail'>;

export function validateEmail(email: string): Promise<EmailCheck> {
  return api.validateEmail({ email });
}

export function validateEmailQueryOptions(email: string) {
  return queryOptions({
    queryKey: ['validateEmail', email],
    queryFn: () => validateEmail(email),
    // The same address always gets the same answer.
    staleTime: Infinity,
  });
}

/**
 * Format and domain of an address, checked once the member leaves the field (null: not yet). A
 * check that could not be made says nothing: the form still validates on submit.
 */
export function useEmailCheck(email: string | null) {
  return useQuery({ ...validateEmailQueryOptions(email ?? ''), enabled: Boolean(email) });
}
