// Bundles the fakes into dist/index.js, the file the built bff loads at run time when a service
// has no configured address (bff/src/dev/fakes.ts). The bff modules the fakes share (protocol
// constants, the City OS signature, the CDA vocabulary) are bundled in from source; every other
// package stays external and is loaded from node_modules.
import { bundleForNode, externalPackages } from '@sukoyaka/build/node-bundle';

await bundleForNode({ entryPoints: { index: 'src/index.ts' }, plugins: [externalPackages()] });
