import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { calls } from '@sukoyaka/contract';
import { BFF_ROOT } from '../paths';
import { buildOpenApi, bffVersion } from '../platform/ops/openapi';

// Run by the build (build.mjs): dist/openapi.json, the same document the bff serves at /api/openapi.json.
const file = path.join(BFF_ROOT, 'dist', 'openapi.json');
writeFileSync(file, `${JSON.stringify(buildOpenApi(calls, bffVersion()), null, 2)}\n`);
console.log(`${path.relative(process.cwd(), file)}: ${Object.keys(calls).length} calls`);
