// Bundles the bff into dist/server.js. The workspace packages it runs with (the contract) are
// bundled in from source; every other dependency stays external and is loaded from node_modules,
// the development ones included: the local fakes (@sukoyaka/fakes) are loaded at run time only
// when a service has no address outside production (src/dev/fakes.ts), never bundled.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { bundleForNode } from '@sukoyaka/build/node-bundle';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const bundled = Object.keys(pkg.dependencies).filter((name) => name.startsWith('@sukoyaka/'));
const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)].filter((name) => !bundled.includes(name));

await bundleForNode({
  entryPoints: {
    server: 'src/server.ts',
    'import-roster': 'src/cli/import-roster.ts',
    'write-openapi': 'src/cli/write-openapi.ts',
  },
  external: [...external, ...external.map((name) => `${name}/*`)],
});

// The OpenAPI document of the contract, beside the server (dist/openapi.json), for client generators.
execFileSync(process.execPath, ['dist/write-openapi.js'], { stdio: 'inherit' });
