// Bundles the benchmarks into dist/bench.js. The workspace packages (the bff, the contract, the
// local fakes) are bundled in from source; every other package stays external and is loaded from
// node_modules (Lighthouse and chrome-launcher are ES modules only: imported as such at run time).
import path from 'node:path';
import { build } from 'esbuild';

const rootModules = path.resolve(import.meta.dirname, '..', 'node_modules') + path.sep;

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
        build.onResolve({ filter: /^[^./]/ }, async (args) => {
          if (args.path.startsWith('@sukoyaka/') || args.pluginData === 'external-packages') return undefined;
          // A package another workspace keeps in its own node_modules (a version of its own, e.g.
          // the bff's @fastify/cookie) is loaded from there, as that workspace's code would load it.
          const resolved = await build.resolve(args.path, {
            kind: args.kind,
            resolveDir: args.resolveDir,
            pluginData: 'external-packages',
          });
          const own =
            resolved.errors.length === 0 &&
            resolved.path.includes(`${path.sep}node_modules${path.sep}`) &&
            !resolved.path.startsWith(rootModules);
          return { path: own ? resolved.path : args.path, external: true };
        });
      },
    },
  ],
  logLevel: 'warning',
});
