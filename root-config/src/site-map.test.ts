// The shell composes the member areas: here their route tables meet mf-shared's site map (the
// kinds of page that decide where the member navigation shows and what the reachability journey,
// e2e/tests/reachability.test.ts, must reach from home).
import { areaForPath } from '@sukoyaka/contract';
import { memberFlowPages, memberPages, pagesWithoutNavigation, showsMemberNavigation } from '../../mf-shared/src/routing/site-map';
import { accountPages } from '../../mf-account/src/AccountRoutes';
import { healthPages } from '../../mf-health/src/HealthRoutes';
import { incentivesPages } from '../../mf-incentives/src/IncentivesRoutes';
import { mynaPages } from '../../mf-myna/src/MynaRoutes';

const routeTables = {
  '@sukoyaka/account': accountPages,
  '@sukoyaka/health': healthPages,
  '@sukoyaka/incentives': incentivesPages,
  '@sukoyaka/myna': mynaPages,
};
const everyRoute = Object.values(routeTables).flatMap((pages) => pages.map((page) => page.path));
const lists: Record<string, readonly string[]> = { memberPages, memberFlowPages, pagesWithoutNavigation };

describe('the site map (mf-shared/src/routing/site-map.ts) and the areas’ route tables', () => {
  it('sorts every route of the member areas into exactly one kind', () => {
    const unsorted = everyRoute.filter((path) => !Object.values(lists).some((list) => list.includes(path)));
    expect(unsorted).toEqual([]);
    const twice = everyRoute.filter((path) => Object.values(lists).filter((list) => list.includes(path)).length > 1);
    expect(twice).toEqual([]);
  });

  it('names no page that no area has', () => {
    for (const [name, list] of Object.entries(lists)) expect([name, list.filter((path) => !everyRoute.includes(path))]).toEqual([name, []]);
  });

  it('each route is in the table of the area that owns its path (the contract’s route table)', () => {
    for (const [area, pages] of Object.entries(routeTables)) {
      for (const { path } of pages) expect([path, areaForPath(path.replace(/:[^/]+/g, 'x'))]).toEqual([path, area]);
    }
  });

  it('the navigation shows on member pages and steps, not on signing in or the account-condition pages', () => {
    const sample = (path: string) => path.replace(/:[^/]+/g, '7');
    for (const path of [...memberPages, ...memberFlowPages]) expect([path, showsMemberNavigation(sample(path))]).toEqual([path, true]);
    for (const path of pagesWithoutNavigation) expect([path, showsMemberNavigation(path)]).toEqual([path, false]);
  });
});
