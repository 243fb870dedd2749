/** The connection pages (mf-health); the callback's address is the redirect URI registered with Google. */
export const fitbitPagePaths = {
  connections: '/resource_providers/fitbit/connections',
  callback: '/resource_providers/fitbit/callback',
} as const;
