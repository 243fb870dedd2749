import { isoTime } from '../src/platform/iso-time';

/** Decision 0038: isoTime writes exactly what toISOString writes, faster; these hold it to that. */
describe('isoTime', () => {
  const same = (time: number) => expect(isoTime(new Date(time))).toBe(new Date(time).toISOString());

  test('writes what toISOString writes around the edges of a second, a day, a month, a leap day and a year', () => {
    for (const text of [
      '1970-01-01T00:00:00.000Z',
      '1970-01-01T00:00:00.001Z',
      '2024-02-28T23:59:59.999Z',
      '2024-02-29T00:00:00.000Z',
      '2024-02-29T23:59:59.999Z',
      '2024-03-01T00:00:00.000Z',
      '2026-11-28T09:05:03.040Z',
      '2026-12-31T23:59:59.999Z',
      '2027-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
    ]) {
      same(Date.parse(text));
    }
  });

  test('writes what toISOString writes for 60,000 moments in random order, many on the same day', () => {
    // A deterministic sequence (no flaky seed): days from 1970 to 9999 and moments within them.
    let state = 20_261_128;
    const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const day = 86_400_000;
    for (let index = 0; index < 20_000; index += 1) {
      const base = Math.floor(next() * 2_932_896) * day;
      // Runs of moments on one day, as a page of readings has them, then a jump to another day.
      for (let run = 0; run < 3; run += 1) same(base + Math.floor(next() * day));
    }
  });

  test('falls back to toISOString before 1970 and from the year 10000, and throws as it does for an invalid date', () => {
    for (const time of [-1, -86_400_001, Date.parse('1900-01-01T00:00:00Z'), Date.parse('+010000-01-01T00:00:00Z'), 8.64e15, -8.64e15]) {
      same(time);
    }
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
