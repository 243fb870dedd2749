import type { CallInput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mynaConnectionStateQueryKey } from './get-myna-connection-state';

/** getMynaAuthorizationURL: asks for the portal's authorization address and goes there. */
export function useStartMynaAuthorization(go: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({
    mutationFn: () => api.getMynaAuthorizationURL({}),
    onSuccess: ({ authorizationUrl }) => go(authorizationUrl),
  });
}

/** verifyMynaAuthorization: the callback's code and state, once. */
export function useVerifyMynaAuthorization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'verifyMynaAuthorization'>) => api.verifyMynaAuthorization(input),
    onSuccess: ({ connection }) => queryClient.setQueryData(mynaConnectionStateQueryKey, connection),
  });
}
