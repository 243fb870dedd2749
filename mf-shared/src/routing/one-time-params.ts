import { useEffect, useState } from 'react';

/*
 * One-time parameters of the address: a mailed link's token, an OAuth return's code and state
 * (issue 24 #5). Every page that receives one reads it here, the one way: once, when the page
 * opens, into the page's state; then the parameters are taken out of the address bar with
 * history.replaceState, so they stay out of the history, bookmarks, a shared or photographed
 * screen and what the page reports about itself. Other parameters (return_to) stay unless asked.
 * The page keeps what it read, so re-rendering after the address was cleaned changes nothing.
 */

export type OneTimeParams<K extends string> = Readonly<Record<K, string | null>>;

export interface OneTimeParamsOptions {
  /** Take every parameter out, not only the named ones (an OAuth return: all of it is the provider's). */
  removeAll?: boolean;
}

/** The named parameters of an address's query (null where absent). */
export function readParams<K extends string>(names: readonly K[], search: string): OneTimeParams<K> {
  const params = new URLSearchParams(search);
  return Object.fromEntries(names.map((name) => [name, params.get(name)])) as OneTimeParams<K>;
}

/** Takes the parameters out of the address bar without a navigation or a history entry; the fragment stays. */
export function removeParamsFromAddress(names: readonly string[], options: OneTimeParamsOptions = {}): void {
  const url = new URL(window.location.href);
  const before = url.search;
  if (options.removeAll) url.search = '';
  else for (const name of names) url.searchParams.delete(name);
  if (url.search === before) return;
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}

/** The page's one-time parameters, read once; the address bar no longer shows them once the page is on screen. */
export function useOneTimeParams<K extends string>(names: readonly K[], options: OneTimeParamsOptions = {}): OneTimeParams<K> {
  const [values] = useState(() => readParams(names, window.location.search));
  const removeAll = options.removeAll === true;
  const key = names.join('&');
  useEffect(() => {
    removeParamsFromAddress(key.split('&'), { removeAll });
  }, [key, removeAll]);
  return values;
}
