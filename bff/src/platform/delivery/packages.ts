import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DeployablePackage } from './artefacts';

/**
 * The deployable packages, from the workspace itself: every workspace package with a webpack
 * build (root-config, mf-shared and each area, mf-admin when it lands) — no second list to keep.
 * root-config first: it carries the page template and the shared vendor modules.
 */
export function deployablePackages(repoRoot: string): DeployablePackage[] {
  const manifest = path.join(repoRoot, 'package.json');
  // A web root without the workspace (a test's folder of builds) has nothing to deploy.
  if (!existsSync(manifest)) return [];
  const root = JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: string[] };
  const found: DeployablePackage[] = [];
  for (const folder of root.workspaces ?? []) {
    if (!existsSync(path.join(repoRoot, folder, 'webpack.config.cjs'))) continue;
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8')) as { name: string; version: string };
    found.push({ name: pkg.name, folder, version: pkg.version });
  }
  return found.sort((a, b) => Number(b.folder === 'root-config') - Number(a.folder === 'root-config'));
}
