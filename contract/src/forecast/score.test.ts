import {
  AGE_BANDS,
  HISAYAMA_RISK_TABLE,
  LIPID_TARGETS,
  NO_CONDITIONS,
  ageBand,
  categoryOf,
  computeForecast,
  hdlPoints,
  hisayamaPoints,
  isDiabetes,
  isImpairedGlucose,
  ldlPoints,
  peopleOfHundred,
  systolicPoints,
  tenYearRisk,
  type ForecastInputs,
  type HisayamaInputs,
} from './score';

// The expected table is written out again here from /work/shared/reference/hisayama-score.md
// (JAS guideline 2022 図3-2), as text, so a changed cell in score.ts fails a test.
const REFERENCE = `
0 <1.0 <1.0 1.7 3.4
1 <1.0 <1.0 1.9 3.9
2 <1.0 <1.0 2.2 4.5
3 <1.0 1.1 2.6 5.2
4 <1.0 1.3 3.0 6.0
5 <1.0 1.4 3.4 6.9
6 <1.0 1.7 3.9 7.9
7 <1.0 1.9 4.5 9.1
8 1.1 2.2 5.2 10.4
9 1.3 2.6 6.0 11.9
10 1.4 3.0 6.9 13.6
11 1.7 3.4 7.9 15.5
12 1.9 3.9 9.1 17.7
13 2.2 4.5 10.4 20.2
14 2.6 5.2 11.9 22.9
15 3.0 6.0 13.6 25.9
16 3.4 6.9 15.5 29.3
17 3.9 7.9 17.7 33.0
18 4.5 9.1 20.2 37.0
19 5.2 10.4 22.9 41.1`
  .trim()
  .split('\n')
  .map((line) => line.split(' '));

/**
 * Inputs that add up to `points` (0–19), built from the factors so that the whole path (points per
 * factor, sum, table, band) is exercised, not the table alone.
 */
function inputsWithPoints(points: number, age: number): ForecastInputs {
  let rest = points;
  const take = (max: number) => {
    const used = Math.min(max, rest);
    rest -= used;
    return used;
  };
  const male = rest >= 7 ? (take(7), true) : false;
  const systolic = [110, 125, 135, 150, 170][take(4)]!;
  const ldl = [100, 130, 150, 180][take(3)]!;
  const hdl = [70, 50, 35][take(2)]!;
  const smoker = rest >= 2 ? (take(2), true) : false;
  const impairedGlucose = take(1) === 1;
  if (rest !== 0) throw new Error(`cannot build ${points} points`);
  return { sex: male ? 'male' : 'female', age, systolic, ldl, hdl, smoker, impairedGlucose, conditions: NO_CONDITIONS };
}

const BAND_EDGES: Array<[number, number]> = [
  [40, 0],
  [49, 0],
  [50, 1],
  [59, 1],
  [60, 2],
  [69, 2],
  [70, 3],
  [79, 3],
];

describe('Hisayama score: every row of the table at each age band’s edges (JAS 2022 図3-2)', () => {
  it('the table in the module is the reference table, cell by cell', () => {
    expect(HISAYAMA_RISK_TABLE).toHaveLength(20);
    HISAYAMA_RISK_TABLE.forEach((row, points) => {
      expect(row.map((cell) => (cell === null ? '<1.0' : cell.toFixed(1)))).toEqual(REFERENCE[points]!.slice(1));
    });
  });

  const cases = REFERENCE.flatMap(([points, ...cells]) =>
    BAND_EDGES.map(([age, column]) => [Number(points), age, cells[column]!] as const),
  );
  it.each(cases)('%i points at age %i → %s %%', (points, age, expected) => {
    const inputs = inputsWithPoints(points, age);
    expect(hisayamaPoints(inputs)).toBe(points);
    const result = computeForecast(inputs);
    if (result.kind !== 'score') throw new Error('expected a score');
    expect(result.points).toBe(points);
    expect(result.ageBand).toBe(AGE_BANDS[BAND_EDGES.find(([edge]) => edge === age)![1]]);
    expect(result.risk.belowOne ? '<1.0' : result.risk.percent.toFixed(1)).toBe(expected);
    const percent = expected === '<1.0' ? 0 : Number(expected);
    expect(result.category).toBe(percent < 2 ? 'low' : percent < 10 ? 'middle' : 'high');
    expect(result.targets).toEqual(LIPID_TARGETS[result.category]);
  });
});

describe('Hisayama score: the point edges', () => {
  it.each([
    [119, 0],
    [120, 1],
    [129, 1],
    [130, 2],
    [139, 2],
    [140, 3],
    [159, 3],
    [160, 4],
  ])('systolic %i mmHg → %i points', (systolic, points) => expect(systolicPoints(systolic)).toBe(points));

  it.each([
    [119, 0],
    [120, 1],
    [139, 1],
    [140, 2],
    [159, 2],
    [160, 3],
  ])('LDL-C %i mg/dL → %i points', (ldl, points) => expect(ldlPoints(ldl)).toBe(points));

  it.each([
    [60, 0],
    [59, 1],
    [40, 1],
    [39, 2],
  ])('HDL-C %i mg/dL → %i points', (hdl, points) => expect(hdlPoints(hdl)).toBe(points));

  it('male 7, impaired glucose 1, current smoking 2, summed with the rest', () => {
    const base: HisayamaInputs = { sex: 'female', age: 55, systolic: 110, ldl: 100, hdl: 70, impairedGlucose: false, smoker: false };
    expect(hisayamaPoints(base)).toBe(0);
    expect(hisayamaPoints({ ...base, sex: 'male' })).toBe(7);
    expect(hisayamaPoints({ ...base, impairedGlucose: true })).toBe(1);
    expect(hisayamaPoints({ ...base, smoker: true })).toBe(2);
    expect(hisayamaPoints({ sex: 'male', age: 55, systolic: 160, ldl: 160, hdl: 39, impairedGlucose: true, smoker: true })).toBe(19);
  });

  it('categories: <2 % low, 2 % to <10 % middle, ≥10 % high, and "<1.0" is low', () => {
    expect(categoryOf({ percent: 1.0, belowOne: true })).toBe('low');
    expect(categoryOf({ percent: 1.9, belowOne: false })).toBe('low');
    expect(categoryOf({ percent: 2.2, belowOne: false })).toBe('middle');
    expect(categoryOf({ percent: 9.1, belowOne: false })).toBe('middle');
    expect(categoryOf({ percent: 10.4, belowOne: false })).toBe('high');
  });

  it('lipid targets per category (JAS 2022 表3-3)', () => {
    expect(LIPID_TARGETS).toEqual({
      low: { ldlBelow: 160, nonHdlBelow: 190 },
      middle: { ldlBelow: 140, nonHdlBelow: 170 },
      high: { ldlBelow: 120, nonHdlBelow: 150 },
      secondary: { ldlBelow: 100, nonHdlBelow: 130 },
    });
  });

  it('100 people like you: the rounded percent, none for "<1.0"', () => {
    expect(peopleOfHundred(tenYearRisk(0, '40-49'))).toBe(0);
    expect(peopleOfHundred(tenYearRisk(19, '70-79'))).toBe(41);
    expect(peopleOfHundred(tenYearRisk(9, '60-69'))).toBe(6);
  });
});

describe('Hisayama score: out of range, never a number the model does not give', () => {
  const typical = inputsWithPoints(10, 55);

  it.each([
    [39, 'under40'],
    [20, 'under40'],
    [80, 'over79'],
    [95, 'over79'],
  ])('age %i → %s, no category', (age, reason) => {
    expect(ageBand(age)).toBeNull();
    expect(computeForecast({ ...typical, age })).toEqual({ kind: 'outOfRange', reason, category: null, targets: null });
  });

  it.each([
    ['diabetes', 'high'],
    ['ckd', 'high'],
    ['pad', 'high'],
    ['nonCardiogenicStroke', 'high'],
    ['coronaryDisease', 'secondary'],
  ] as const)('%s → %s risk directly, with its targets', (condition, category) => {
    const result = computeForecast({ ...typical, conditions: { ...NO_CONDITIONS, [condition]: true } });
    expect(result).toEqual({ kind: 'outOfRange', reason: condition, category, targets: LIPID_TARGETS[category] });
  });

  it('coronary disease comes before diabetes, and a condition before the age', () => {
    const all = { coronaryDisease: true, diabetes: true, ckd: true, pad: true, nonCardiogenicStroke: true };
    expect(computeForecast({ ...typical, conditions: all })).toMatchObject({ reason: 'coronaryDisease', category: 'secondary' });
    expect(computeForecast({ ...typical, age: 30, conditions: { ...NO_CONDITIONS, diabetes: true } })).toMatchObject({
      reason: 'diabetes',
    });
  });

  it('a fractional or impossible age has no band', () => {
    expect(ageBand(Number.NaN)).toBeNull();
    expect(ageBand(79.5)).toBeNull();
  });

  it('tenYearRisk refuses points outside 0–19', () => {
    expect(() => tenYearRisk(20, '40-49')).toThrow(RangeError);
    expect(() => tenYearRisk(-1, '40-49')).toThrow(RangeError);
  });
});

describe('what a check-up means for the model', () => {
  const none = { hba1c: null, fastingGlucose: null, onDiabetesMedication: null };
  it.each([
    [{ ...none, hba1c: 6.5 }, true],
    [{ ...none, hba1c: 6.4 }, false],
    [{ ...none, fastingGlucose: 126 }, true],
    [{ ...none, fastingGlucose: 125 }, false],
    [{ ...none, onDiabetesMedication: true }, true],
  ])('diabetes of %j: %s', (values, expected) => expect(isDiabetes(values)).toBe(expected));

  it.each([
    [none, null],
    [{ ...none, fastingGlucose: 109 }, false],
    [{ ...none, fastingGlucose: 110 }, true],
    [{ ...none, fastingGlucose: 125 }, true],
    [{ ...none, fastingGlucose: 126 }, false],
    [{ ...none, hba1c: 5.9 }, false],
    [{ ...none, hba1c: 6.0 }, true],
    [{ ...none, hba1c: 6.4 }, true],
    [{ ...none, hba1c: 6.5 }, false],
  ])('impaired glucose of %j: %s', (values, expected) => expect(isImpairedGlucose(values)).toBe(expected));
});
