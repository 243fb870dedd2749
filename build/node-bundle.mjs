// The Node bundles of the workspaces that run outside the browser (the bff, the local fakes, the
// benchmarks): one esbuild configuration, so they agree on the target, the format and what stays
// a package of node_modules. Each package's build.mjs names its entries and what it keeps external.
import path from 'node:path';
import { build } from 'esbuild';

const ROOT_MODULES = path.resolve(import.meta.dirname, '..', 'node_modules') + path.sep;

/**
 * Keeps every package but our workspaces (`@sukoyaka/…`, bundled from source) external. With
 * `ownCopies`, a package another workspace keeps in its own node_modules (a version of its own,
 * e.g. the bff's @fastify/cookie) is loaded from there, as that workspace's code would load it.
 */
export function externalPackages({ ownCopies = false } = {}) {
  return {
    name: 'external-packages',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.path.startsWith('@sukoyaka/') || args.pluginData === 'external-packages') return undefined;
        if (!ownCopies) return { path: args.path, external: true };
        const resolved = await esbuild.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          pluginData: 'external-packages',
        });
        const own =
          resolved.errors.length === 0 &&
          resolved.path.includes(`${path.sep}node_modules${path.sep}`) &&
          !resolved.path.startsWith(ROOT_MODULES);
        return { path: own ? resolved.path : args.path, external: true };
      });
    },
  };
}

/** Bundles `entryPoints` into the package's dist/ as CommonJS for Node 20, with source maps. */
export function bundleForNode({ entryPoints, external = [], plugins = [] }) {
  return build({
    entryPoints,
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    external,
    plugins,
    logLevel: 'warning',
  });
}
