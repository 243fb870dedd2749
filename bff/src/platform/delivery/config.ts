import path from 'node:path';

export interface DeliveryConfig {
  /** Where artefacts are published and served from; every instance must see the same files. */
  artefactDir: string;
  /** The deploy API's bearer token; undefined: no deploy API. */
  deployToken: string | undefined;
  /** How often an instance looks for a change of the live import map (0: never, tests). */
  pollMs: number;
  /** At start, publish and deploy the local builds of packages with no live entry. */
  autoDeployLocalBuilds: boolean;
}

/** The development token: the site listens on loopback only unless HOST says otherwise. */
export const DEVELOPMENT_DEPLOY_TOKEN = 'sukoyaka-development-deploy-token';

/**
 * The delivery settings from the environment. Outside production a known token and the local
 * builds' automatic deploy keep `npm start` one command; production wants its own token (32
 * characters or more) and deploys only what the pipeline deploys.
 */
export function deliveryConfig(
  env: NodeJS.ProcessEnv,
  defaults: { production: boolean; dataDir: string; repoRoot: string },
): DeliveryConfig {
  const problems: string[] = [];
  const token = env.DEPLOY_TOKEN || (defaults.production ? undefined : DEVELOPMENT_DEPLOY_TOKEN);
  if (defaults.production && token && token.length < 32) problems.push('DEPLOY_TOKEN must be at least 32 characters in production');
  const pollMs = env.IMPORT_MAP_POLL_MS === undefined || env.IMPORT_MAP_POLL_MS === '' ? 2000 : Number(env.IMPORT_MAP_POLL_MS);
  if (!Number.isInteger(pollMs) || pollMs < 0) problems.push(`IMPORT_MAP_POLL_MS must be a whole number, got "${env.IMPORT_MAP_POLL_MS}"`);
  const embeddedFolder = !defaults.dataDir.includes('://');
  const artefactDir =
    env.ARTEFACT_DIR || (embeddedFolder ? path.join(defaults.dataDir, 'artefacts') : path.join(defaults.repoRoot, '.data', 'artefacts'));
  if (problems.length > 0) throw new Error(problems.join('; '));
  return {
    artefactDir: path.resolve(artefactDir),
    deployToken: token,
    pollMs,
    autoDeployLocalBuilds: env.DELIVERY_AUTO_DEPLOY ? env.DELIVERY_AUTO_DEPLOY === 'true' : !defaults.production,
  };
}
