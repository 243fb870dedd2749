import { useSyncExternalStore } from 'react';

/** Spec §3 "Alert": a title and a message. */
export interface Alert {
  title: string;
  message: string;
}

/**
 * The alert of the page, shared by every area (spec §2 "Alert modal"): anything may set it with
 * showAlert — a component, a mutation's onError, code outside React — and the one <AlertModal />
 * of the page shows it until OK clears it. This module lives in @sukoyaka/shared, which the
 * import map loads once, so every area sees the same alert.
 *
 * One alert at a time: showing another while one is open replaces it.
 */
let current: Alert | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

export const alertStore = {
  get(): Alert | null {
    return current;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Opens the alert modal with this title and message. */
export function showAlert({ title, message }: Alert): void {
  current = { title, message }; // a copy: later changes to the caller's object do not show
  emit();
}

/** Closes the alert modal (what its OK button does). */
export function clearAlert(): void {
  if (current === null) return;
  current = null;
  emit();
}

/** The alert now set, or null; re-renders when it is set or cleared. */
export function useAlert(): Alert | null {
  return useSyncExternalStore(alertStore.subscribe, alertStore.get, alertStore.get);
}
