import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

/*
 * Issue 25 #5: every package the product runs with supports the Node.js the project names — the
 * root package.json's `engines.node`, which the README's quick start and the image's base name too.
 * cookie@2 (reached through light-my-request in every server render) asked for Node 22 while the
 * README said 20.19+; package.json's `overrides` keep it, and budoux's commander, on versions
 * that support 20.19. A runtime package is every one package-lock.json does not mark `dev`: what
 * `npm ci --omit=dev` installs, the bff's and the areas' dependencies alike.
 */

const REPO_ROOT = path.resolve(__dirname, '../../..');
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

interface LockEntry {
  version?: string;
  dev?: boolean;
  link?: boolean;
  engines?: { node?: string } | string[];
}

/** The runtime packages of a lockfile whose `engines.node` leaves out `node`: `path@version needs range`. */
function runtimePackagesExcluding(lock: { packages: Record<string, LockEntry> }, node: string): { checked: number; excluding: string[] } {
  let checked = 0;
  const excluding: string[] = [];
  for (const [where, entry] of Object.entries(lock.packages)) {
    // The root, the workspaces' links and folders are the project's own; dev tools never ship.
    if (!where.includes('node_modules/') || entry.link || entry.dev) continue;
    checked += 1;
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (range && !semver.satisfies(node, range, { includePrerelease: true }))
      excluding.push(`${where}@${entry.version} needs node ${range}`);
  }
  return { checked, excluding };
}

describe('runtime dependencies and the Node.js version (issue 25 #5)', () => {
  const root = JSON.parse(read('package.json')) as { engines: { node: string } };
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> };
  const oldest = semver.minVersion(root.engines.node)!.version;

  it('names one Node.js version: package.json engines, the README, the image', () => {
    expect(oldest).toBe('20.19.0');
    expect(read('README.md')).toContain(`Node.js ${semver.major(oldest)}.${semver.minor(oldest)}+`);
    // node:20-… is the newest 20.x, at or above 20.19.
    for (const [, major] of read('Dockerfile').matchAll(/^FROM node:(\d+)-/gm)) expect(Number(major)).toBe(semver.major(oldest));
  });

  it('has no runtime package whose engines leave out the oldest Node.js the project supports', () => {
    const { checked, excluding } = runtimePackagesExcluding(lock, oldest);
    expect(excluding).toEqual([]);
    // Not vacuous: the server's packages are among those checked, light-my-request's cookie on 1.x.
    expect(checked).toBeGreaterThan(100);
    expect(lock.packages['node_modules/light-my-request']?.dev).toBeUndefined();
    expect(lock.packages['node_modules/light-my-request/node_modules/cookie']?.version).toMatch(/^1\./);
  });

  it('is a check that can fail: cookie@2.0.2 and a dev-only package', () => {
    const packages: Record<string, LockEntry> = {
      '': {},
      bff: {},
      'node_modules/@sukoyaka/bff': { link: true },
      'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
      'node_modules/jest': { version: '30.2.0', dev: true, engines: { node: '>=22' } },
      'node_modules/fastify': { version: '5.12.8' },
    };
    expect(runtimePackagesExcluding({ packages }, oldest)).toEqual({
      checked: 2,
      excluding: ['node_modules/cookie@2.0.2 needs node >=22'],
    });
  });
});
