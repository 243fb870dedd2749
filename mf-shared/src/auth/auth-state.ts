import { useQuery } from '@tanstack/react-query';
import type { CallOutput } from '@sukoyaka/contract';
import { useEffect, useState } from 'react';
import { api } from '../api/calls';

export type AuthState = CallOutput<'getAuthState'>;

export interface AuthFlags {
  isBirthdayAuthenticated: boolean;
  isPasswordAuthenticated: boolean;
  isMynaSecretQuestionAuthenticated: boolean;
}

/** Spec §3, §5: a confirmation counts only while its timestamp exists and lies in the future. */
export function isConfirmationValid(expireAt: string | null | undefined, now: Date): boolean {
  if (!expireAt) return false;
  const at = Date.parse(expireAt);
  return !Number.isNaN(at) && at > now.getTime();
}

export function deriveAuthFlags(state: AuthState | undefined, now: Date): AuthFlags {
  return {
    isBirthdayAuthenticated: isConfirmationValid(state?.birthdayAuthExpireAt, now),
    isPasswordAuthenticated: isConfirmationValid(state?.passwordAuthExpireAt, now),
    isMynaSecretQuestionAuthenticated: isConfirmationValid(state?.mynaSecretQuestionExpireAt, now),
  };
}

/** The earliest expiry still ahead, when the flags next change. */
export function nextExpiry(state: AuthState | undefined, now: Date): number | null {
  const ahead = [state?.birthdayAuthExpireAt, state?.passwordAuthExpireAt, state?.mynaSecretQuestionExpireAt]
    .map((value) => (value ? Date.parse(value) : NaN))
    .filter((at) => !Number.isNaN(at) && at > now.getTime());
  return ahead.length > 0 ? Math.min(...ahead) : null;
}

export const authStateQueryKey = ['authState'] as const;

/** getAuthState (POST, no body). Any error is rethrown to the caller (spec §7). */
export async function getAuthState(): Promise<AuthState> {
  return api.getAuthState();
}

export function authStateQueryOptions() {
  return { queryKey: authStateQueryKey, queryFn: getAuthState };
}

/**
 * The auth state and its three flags. A flag turns false the moment its expiry passes, without
 * a reload: a timer re-renders at the next expiry.
 */
export function useAuthState() {
  const query = useQuery(authStateQueryOptions());
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const at = nextExpiry(query.data, now);
    if (at === null) return undefined;
    // setTimeout cannot wait longer than 2^31-1 ms; re-arm from there if needed.
    const timer = setTimeout(() => setNow(new Date()), Math.min(at - Date.now() + 1, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [query.data, now]);
  return { ...query, ...deriveAuthFlags(query.data, now) };
}
