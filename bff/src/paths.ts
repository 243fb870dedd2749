import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The bff package folder, found from wherever this code runs: src/ under jest, dist/ once
 * bundled, or the bundle of a package beside it (bench/dist). It holds the migrations (drizzle/);
 * the repository root holds the areas' builds.
 */
function findBffRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'drizzle', 'meta'))) {
    if (existsSync(path.join(dir, 'bff', 'drizzle', 'meta'))) return path.join(dir, 'bff');
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`bff package folder not found above ${start}`);
    dir = parent;
  }
  return dir;
}

export const BFF_ROOT = findBffRoot(__dirname);
export const REPO_ROOT = path.dirname(BFF_ROOT);
export const MIGRATIONS_FOLDER = path.join(BFF_ROOT, 'drizzle');
