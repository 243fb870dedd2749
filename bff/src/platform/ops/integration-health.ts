/*
 * Configuration errors of the outside integrations (issue 24 #12). A wrong configuration (the
 * My Number Portal's discovery names another issuer, Google refuses our client) is not an
 * outage that passes: members can only be told the service is unavailable, so the operators
 * must hear of it. Each problem is logged once at error level, naming the integration and what
 * is wrong, and /readyz lists the integrations that are misconfigured until a later use works.
 * Kept per process: each instance finds out for itself, at start or at first use.
 */

export const INTEGRATION_LABELS = {
  myna_portal: 'My Number Portal',
  google_health: 'Google Health (Fitbit)',
} as const;

export type IntegrationName = keyof typeof INTEGRATION_LABELS;

export interface Misconfiguration {
  integration: IntegrationName;
  problem: string;
}

type Reporter = (misconfiguration: Misconfiguration, message: string) => void;

const problems = new Map<IntegrationName, string>();
const reporters = new Set<Reporter>();

/** Where the error lines go: the app's logger while it runs (probes.ts). Answers the unsubscribe. */
export function onMisconfiguration(reporter: Reporter): () => void {
  reporters.add(reporter);
  return () => reporters.delete(reporter);
}

/** Records that an integration is misconfigured; logs it when the problem is new (once, not per member). */
export function reportMisconfigured(integration: IntegrationName, problem: string): void {
  if (problems.get(integration) === problem) return;
  problems.set(integration, problem);
  const message = `${INTEGRATION_LABELS[integration]} is misconfigured: ${problem}`;
  for (const report of reporters) report({ integration, problem }, message);
}

/** A use of the integration worked: whatever was recorded against it is over. */
export function reportWorking(integration: IntegrationName): void {
  problems.delete(integration);
}

/** The integrations misconfigured now, for /readyz. */
export function misconfiguredIntegrations(): Misconfiguration[] {
  return [...problems].map(([integration, problem]) => ({ integration, problem }));
}
