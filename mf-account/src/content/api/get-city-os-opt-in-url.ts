import { api } from '@sukoyaka/shared';
import { useMutation } from '@tanstack/react-query';

/** Asks for a fresh signed link (valid ten minutes) at the moment the member chooses to go. */
export function useCityOsOptInUrl() {
  return useMutation({ mutationFn: (target: 'app' | 'web') => api.getCityOSOptInURL({ target }) });
}
