// The console's audit (e2e/tests/admin-audit.test.ts) visits `adminRoutePaths`: a route added to
// the table and not to that list would go unvisited, so the two are held equal here.
import { adminPages } from './AdminRoutes';
import { adminRoutePaths } from './paths';

describe('the console’s route table and adminRoutePaths', () => {
  it('name the same pages', () => {
    expect(adminPages.map((page) => page.path).sort()).toEqual([...adminRoutePaths].sort());
  });
});
