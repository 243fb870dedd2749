// Bundles the benchmarks into dist/bench.js. The workspace packages (the bff, the contract, the
// local fakes) are bundled in from source; every other package stays external and is loaded from
// node_modules (Lighthouse and chrome-launcher are ES modules only: imported as such at run time).
import { build } from 'esbuild';

await build({
  entryPoints: { bench: 'src/run.ts' },
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
