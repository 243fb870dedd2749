import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { AppError } from '../api/app-error';
import { navigate } from '../routing/navigation';
import { LoadingSkeleton } from '../ui/primitives';
import { useUserInfo, type UserInfo } from './member';

export function loginUrlFor(location: Pick<Location, 'pathname' | 'search'>): string {
  return `/login?return_to=${encodeURIComponent(location.pathname + location.search)}`;
}

/**
 * Renders its children for a signed-in member. A visitor is sent to the login page and brought
 * back after signing in; any other failure goes to the fatal-error boundary.
 */
export function MemberOnly({ children }: { children: (member: UserInfo) => ReactNode }) {
  const { data, error, isPending } = useUserInfo();
  const isVisitor = error instanceof AppError && error.statusCode === 401;
  useEffect(() => {
    if (isVisitor) navigate(loginUrlFor(window.location));
  }, [isVisitor]);
  if (error && !isVisitor) throw error;
  if (isPending || isVisitor || !data) return <LoadingSkeleton label="会員情報を確認しています" rows={2} />;
  return <>{children(data)}</>;
}

/**
 * The path to return to after signing in or confirming: only a page of this site. The value is
 * parsed the way the browser will parse it when navigating (tabs and newlines stripped, `\\` read
 * as `/`, `//host` a host), so whatever survives names this origin; anything else goes home.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value) return '/';
  const origin = window.location.origin;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return '/';
  }
  // A path such as `/.//evil.example` resolves to `//evil.example`, which the next navigation
  // would read as another host.
  if (url.origin !== origin || url.pathname.startsWith('//')) return '/';
  return url.pathname + url.search + url.hash;
}
