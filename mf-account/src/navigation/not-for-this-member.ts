import { useSession } from '@sukoyaka/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { navigationInfoQueryOptions, type NavigationInfo } from './api/get-navigation-info';
import { redirectTo } from './redirect';

/**
 * Sends the member home, in place of this page in the history, once the page is known not to be
 * for them; while that is undecided the page shows as it would to anyone it is for.
 */
export function useHomeWhen(notForThem: boolean): void {
  useEffect(() => {
    if (notForThem) redirectTo('/');
  }, [notForThem]);
}

/**
 * Whether a signed-in member in good standing opened the page (the session names a user only
 * then): /login and /signup are not for them.
 */
export function useSignedInMember(): boolean {
  const session = useSession();
  return Boolean(session.data?.userId);
}

/**
 * For the pages an account is sent to (/email_not_verified, /unassociated): the account's
 * navigation info, read only when a member is signed in (a visitor keeps the page as it is), and
 * whether `applies` holds for it. Undecided (undefined) until the info is there.
 */
export function useAppliesToMember(applies: (info: NavigationInfo) => boolean): boolean | undefined {
  const signedIn = useSignedInMember();
  const info = useQuery({ ...navigationInfoQueryOptions(), enabled: signedIn });
  return info.data ? applies(info.data) : undefined;
}
