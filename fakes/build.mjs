// Bundles the fakes into dist/index.js, the file the built bff loads at run time when a service
// has no configured address (bff/src/dev/fakes.ts). The bff modules the fakes share (protocol
// constants, the City OS signature, the CDA vocabulary) are bundled in from source; every other
// package stays external and is loaded from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: { index: 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  plugins: [
    {
      name: 'external-packages',
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@sukoyaka/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  logLevel: 'warning',
});
