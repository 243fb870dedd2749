import { useSyncExternalStore } from 'react';

/**
 * The fatal error of the page, shared by every area: a call anywhere that meets an account
 * condition (locked, suspended, …) reports it here, and whichever area is on screen shows it.
 */
let current: unknown = null;
const listeners = new Set<() => void>();

export const fatalErrorStore = {
  report(error: unknown): void {
    if (current) return; // the first fatal error wins; later ones are its consequences
    current = error;
    listeners.forEach((listener) => listener());
  },
  clear(): void {
    current = null;
    listeners.forEach((listener) => listener());
  },
  get(): unknown {
    return current;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useFatalError(): unknown {
  return useSyncExternalStore(fatalErrorStore.subscribe, fatalErrorStore.get, fatalErrorStore.get);
}
