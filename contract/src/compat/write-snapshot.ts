import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { calls } from '../index';
import { contractSchemas } from './schemas';

/**
 * npm run contract:snapshot — at a release, records the contract as released
 * (contract/compat/release.json): every call's method, access and JSON Schemas with their
 * fingerprints. CI then fails on any later change that would break a client built against it
 * (compat.test.ts). Run it when the release ships, not to silence a failing check.
 */
export const SNAPSHOT_FILE = path.resolve(__dirname, '..', '..', 'compat', 'release.json');

async function main(): Promise<void> {
  const release = process.argv[2] ?? new Date().toISOString().slice(0, 10);
  const snapshot = { release, calls: contractSchemas(calls) };
  const text = await format(JSON.stringify(snapshot), { ...(await resolveConfig(SNAPSHOT_FILE)), parser: 'json' });
  writeFileSync(SNAPSHOT_FILE, text);
  console.log(`${path.relative(process.cwd(), SNAPSHOT_FILE)}: ${Object.keys(snapshot.calls).length} calls, release ${release}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
