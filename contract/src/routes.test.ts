import { areaForPath, areaNames, areas, type AreaName } from './routes';

const account: AreaName = '@sukoyaka/account';
const health: AreaName = '@sukoyaka/health';
const incentives: AreaName = '@sukoyaka/incentives';
const myna: AreaName = '@sukoyaka/myna';
const admin: AreaName = '@sukoyaka/admin';

/** Every path of spec §2's route table ([parameters] filled in), with the area DESIGN.md gives it. */
const specRoutes: [string, AreaName][] = [
  // General
  ['/', account],
  ['/login', account],
  ['/logout', account],
  ['/faq', account],
  ['/terms', account],
  ['/incentives', incentives],
  ['/incentives/user_gifts', incentives],
  ['/signup', account],
  ['/vitals', health],
  ['/profile', account],
  ['/paperworks', account],
  ['/media_policy', account],
  ['/announcements', account],
  ['/health_reports', health],
  ['/medication/histories', health],
  ['/medical_expenses/bills', health],
  ['/inquiry/new', account],
  ['/doctor_profile01', health],
  ['/promotions/app', incentives],
  // Coin
  ['/coin', incentives],
  ['/coin/redemption', incentives],
  ['/coin/earning', incentives],
  ['/coin/transactions', incentives],
  // Points
  ['/points', incentives],
  ['/points/p-123/require_agreement', incentives],
  ['/points/p-123/redemption', incentives],
  ['/points/p-123/earning', incentives],
  ['/points/p-123/transactions', incentives],
  ['/points/p-123/agreements', incentives],
  ['/points/p-123/about', incentives],
  ['/points/campaign', incentives],
  // Health forecast
  ['/health_forecasts/simulations', health],
  ['/health_forecasts/simulations/about', health],
  // Association
  ['/associations/a-1/agreements', account],
  // Status pages
  ['/not_available', account],
  ['/404', account],
  ['/suspension_notice', account],
  ['/email_not_verified', account],
  ['/under_maintenance', account],
  ['/unassociated', account],
  // Fitness tracker
  ['/resource_providers/fitbit/connections', health],
  ['/resource_providers/fitbit/callback', health],
  // Account
  ['/password_reset/new', account],
  ['/password_reset/change', account],
  ['/settings/notifications', account],
  ['/mfa/setting/sms/intro', account],
  ['/mfa/setting/sms/new', account],
  ['/mfa/setting/sms/edit', account],
  ['/sensitive_verification', account],
  ['/org_verification', account],
  ['/change_secret_question', account],
  ['/prompt_auth', account],
  ['/privacy_provision_agreements', account],
  ['/enquetes', account],
  // National-card connection
  ['/myna_connection', myna],
  ...[
    '/agreements',
    '/callback',
    '/complete',
    '/mistake',
    '/verify',
    '/secret_question/guidance',
    '/secret_question/new',
    '/secret_question/confirm',
    '/secret_question/reset/guidance',
    '/medical_bills',
    '/medical_exams',
    '/medicines',
    '/removeSensitives',
    '/import',
    '/export',
    '/check_sheet',
  ].map((sub): [string, AreaName] => [`/myna_connection${sub}`, myna]),
];

describe('areaForPath: which area owns a page (spec §2, DESIGN.md "Micro-frontends")', () => {
  it.each(specRoutes)('spec §2: %s belongs to %s', (path, area) => {
    expect(areaForPath(path)).toBe(area);
  });

  it('spec §2: the areas are account, health, incentives, myna and the operators’ admin (issue 14)', () => {
    expect([...areaNames].sort()).toEqual([account, health, incentives, myna, admin].sort());
  });

  it('issue 14: /admin and everything under it is the operators’ area; a path merely starting with it is not', () => {
    expect(areaForPath('/admin')).toBe(admin);
    expect(areaForPath('/admin/two_factor/setup')).toBe(admin);
    expect(areaForPath('/administrator')).toBeNull();
  });

  it("spec §2: '/' is matched exactly, so it is not a prefix of every path", () => {
    expect(areaForPath('/')).toBe(account);
    expect(areaForPath('/nothing_here')).toBeNull();
  });

  it.each([
    ['/coins', '/coin'],
    ['/coin_shop', '/coin'],
    ['/vitalsx', '/vitals'],
    ['/login-help', '/login'],
    ['/pointsx/p-1', '/points'],
    ['/myna_connections', '/myna_connection'],
    ['/incentives2', '/incentives'],
    ['/4044', '/404'],
  ])('spec §2: %s is not under %s (a prefix ends at a path segment)', (path) => {
    expect(areaForPath(path)).toBeNull();
  });

  it.each([
    ['/coin/', incentives],
    ['/vitals/', health],
    ['/login/', account],
    ['/points/p-1/transactions/2026', incentives],
  ])('spec §2: %s (below a prefix) belongs to %s', (path, area) => {
    expect(areaForPath(path)).toBe(area);
  });

  it.each(['/unknown', '/api', '/api/bff/ping', '/Login', '/VITALS', '', 'vitals', '//vitals'])(
    'spec §2: %j is owned by no area (a 404)',
    (path) => {
      expect(areaForPath(path)).toBeNull();
    },
  );

  it('spec §2: every prefix belongs to exactly the area that lists it (no two areas share one)', () => {
    for (const name of areaNames) {
      for (const path of [...areas[name].exact, ...areas[name].prefixes]) {
        expect([path, areaForPath(path)]).toEqual([path, name]);
        const owners = areaNames.filter(
          (other) =>
            (areas[other].prefixes as readonly string[]).includes(path) || (areas[other].exact as readonly string[]).includes(path),
        );
        expect([path, owners]).toEqual([path, [name]]);
      }
    }
  });
});
