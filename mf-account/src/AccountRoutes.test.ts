import { readFileSync } from 'node:fs';
import path from 'node:path';
import { accountPages } from './AccountRoutes';

describe('the account area’s lazy pages', () => {
  test('each page’s chunk is named after its own route, so the server preloads the right chunk', () => {
    // The build reads the route from the chunk name (build/shared.cjs); it must be the path.
    const source = readFileSync(path.join(__dirname, 'AccountRoutes.tsx'), 'utf8');
    const chunkRoutes = [...source.matchAll(/webpackChunkName: "route:([^"]+)"/g)].map((match) => match[1]);
    expect(chunkRoutes).toEqual(accountPages.map((route) => route.path));
    expect(new Set(chunkRoutes).size).toBe(chunkRoutes.length);
  });
});
