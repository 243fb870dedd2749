// Bundles the benchmarks into dist/bench.js. The workspace packages (the bff, the contract, the
// local fakes) are bundled in from source; every other package stays external and is loaded from
// node_modules (Lighthouse and chrome-launcher are ES modules only: imported as such at run time).
import { bundleForNode, externalPackages } from '@sukoyaka/build/node-bundle';

await bundleForNode({ entryPoints: { bench: 'src/run.ts' }, plugins: [externalPackages({ ownCopies: true })] });
