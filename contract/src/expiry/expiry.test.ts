import { DEFAULT_POINT_EXPIRY_MONTHS, pointExpiryRule, pointLotExpiry } from './index';

describe('the point expiry rule, written once (issue 27)', () => {
  it('dates a lot the same moment its months later', () => {
    expect(pointLotExpiry(new Date('2026-04-10T01:00:00.000Z')).toISOString()).toBe('2029-04-10T01:00:00.000Z');
    expect(pointLotExpiry(new Date('2026-04-10T01:00:00.000Z'), 12).toISOString()).toBe('2027-04-10T01:00:00.000Z');
    expect(DEFAULT_POINT_EXPIRY_MONTHS).toBe(36);
  });

  it('says it the same way wherever it is shown', () => {
    expect(pointExpiryRule(36)).toBe(
      'ポイントは、獲得した日から36か月後に失効します。使うときは、有効期限の近いポイントから使われます。コインに有効期限はありません。',
    );
    expect(pointExpiryRule()).toContain('「このポイントについて」に記載');
  });
});
