import { areaNames } from '@sukoyaka/contract';
import { activeArea } from './active-area';

describe('activeArea: the area single-spa mounts for a path (spec §2, DESIGN.md "Micro-frontends")', () => {
  it.each([
    ['/', '@sukoyaka/account'],
    ['/login', '@sukoyaka/account'],
    ['/under_maintenance', '@sukoyaka/account'],
    ['/vitals', '@sukoyaka/health'],
    ['/resource_providers/fitbit/callback', '@sukoyaka/health'],
    ['/coin/transactions', '@sukoyaka/incentives'],
    ['/points/p-1/about', '@sukoyaka/incentives'],
    ['/myna_connection/secret_question/new', '@sukoyaka/myna'],
    ['/admin', '@sukoyaka/admin'],
    ['/admin/two_factor', '@sukoyaka/admin'],
  ])('spec §2: %s mounts %s', (path, area) => {
    expect(activeArea(path)).toBe(area);
  });

  it.each(['/unknown', '/coins', '/vitalsx', '/api/bff/ping', '/administrator'])(
    'spec §2: %s, owned by no area, mounts the account area (its 404 page)',
    (path) => {
      expect(activeArea(path)).toBe('@sukoyaka/account');
    },
  );

  it('spec §2: for any path exactly one registered area is active (activeWhen compares names)', () => {
    for (const path of ['/', '/coin', '/coins', '/vitals', '/myna_connection', '/nothing', '/login/extra']) {
      expect([path, areaNames.filter((name) => activeArea(path) === name)]).toEqual([path, [activeArea(path)]]);
    }
  });
});
