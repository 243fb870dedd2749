import { stepUpPages } from '@sukoyaka/contract';
import { navigate, useAuthState } from '@sukoyaka/shared';
import { useEffect, useState } from 'react';

/** The confirmation page for a step-up, with the way back to the current page. */
function confirmationUrl(page: string, location: Pick<Location, 'pathname' | 'search'> = window.location): string {
  return `${page}?return_to=${encodeURIComponent(location.pathname + location.search)}`;
}

/**
 * For a page whose every action needs a fresh password confirmation (the SMS two-factor
 * settings): without one, the member is sent to /prompt_auth first and brought back, rather than
 * filling in the form only to be sent away by the server's 403. Decided once, on fresh data, so
 * a later refetch never unmounts a form being filled in; the server still refuses a lapsed one.
 * Returns true once the page may show its form.
 */
export function usePasswordConfirmation(): boolean {
  const { data, error, isFetching, isPasswordAuthenticated } = useAuthState();
  const [confirmed, setConfirmed] = useState(false);
  const settled = !isFetching && (data !== undefined || error !== null);
  useEffect(() => {
    if (confirmed || !settled) return;
    // Should the auth state not load, the form shows: the server decides, and its 403 sends the
    // member to /prompt_auth all the same.
    if (isPasswordAuthenticated || error) setConfirmed(true);
    else navigate(confirmationUrl(stepUpPages.password_authentication_required));
  }, [confirmed, settled, isPasswordAuthenticated, error]);
  return confirmed;
}
