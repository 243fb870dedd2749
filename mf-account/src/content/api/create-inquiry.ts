import type { CallInput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation } from '@tanstack/react-query';

/** Sends the contact form; the answer carries the receipt number. */
export function useCreateInquiry() {
  return useMutation({ mutationFn: (input: CallInput<'createInquiry'>) => api.createInquiry(input) });
}
