/**
 * Sends the member on without leaving the page they were sent from in the history, so that the
 * back button does not bring them back to a page that sends them on again. single-spa's patched
 * history fires the popstate event that the areas' routers follow.
 */
export function redirectTo(url: string): void {
  window.history.replaceState(window.history.state, '', url);
}
