// Bundles the bff into dist/server.js. Workspace packages (the contract) are bundled in from
// source; every other dependency stays external and is loaded from node_modules.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// The bench's tools (Lighthouse, Playwright) are development dependencies: external as well.
const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies), 'chrome-launcher'].filter(
  (name) => !name.startsWith('@sukoyaka/'),
);

await build({
  entryPoints: {
    server: 'src/server.ts',
    bench: 'src/bench/run.ts',
    'import-roster': 'src/cli/import-roster.ts',
    'write-openapi': 'src/cli/write-openapi.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});

// The OpenAPI document of the contract, beside the server (dist/openapi.json), for client generators.
execFileSync(process.execPath, ['dist/write-openapi.js'], { stdio: 'inherit' });
