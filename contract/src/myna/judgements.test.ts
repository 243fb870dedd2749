import { examItemKeyForCode } from '../myna-terms';
import { examItemReferenceText, judgeExamItem, judgeExamValue } from './judgements';

/* Issue 12: the MHLW judgements (保健指導判定値 / 受診勧奨判定値) at and around each threshold. */

describe('judgements at the thresholds', () => {
  test.each([
    ['systolic', 129, 'normal'],
    ['systolic', 130, 'guidance'],
    ['systolic', 139, 'guidance'],
    ['systolic', 140, 'see_doctor'],
    ['diastolic', 84, 'normal'],
    ['diastolic', 85, 'guidance'],
    ['diastolic', 90, 'see_doctor'],
    ['hba1c', 5.5, 'normal'],
    ['hba1c', 5.6, 'guidance'],
    ['hba1c', 6.4, 'guidance'],
    ['hba1c', 6.5, 'see_doctor'],
    ['ldl', 119, 'normal'],
    ['ldl', 120, 'guidance'],
    ['ldl', 139, 'guidance'],
    ['ldl', 140, 'see_doctor'],
    ['hdl', 40, 'normal'],
    ['hdl', 39, 'guidance'],
    ['triglycerides', 149, 'normal'],
    ['triglycerides', 150, 'guidance'],
    ['triglycerides', 300, 'see_doctor'],
    ['triglyceridesRandom', 174, 'normal'],
    ['triglyceridesRandom', 175, 'guidance'],
    ['glucose', 99, 'normal'],
    ['glucose', 100, 'guidance'],
    ['glucose', 126, 'see_doctor'],
    ['ast', 30, 'normal'],
    ['ast', 31, 'guidance'],
    ['ast', 51, 'see_doctor'],
    ['ggt', 50, 'normal'],
    ['ggt', 51, 'guidance'],
    ['ggt', 101, 'see_doctor'],
    ['egfr', 60, 'normal'],
    ['egfr', 59.9, 'guidance'],
    ['egfr', 45, 'guidance'],
    ['egfr', 44.9, 'see_doctor'],
    ['bmi', 24.9, 'normal'],
    ['bmi', 25, 'guidance'],
  ] as const)('%s %d → %s', (key, value, judgement) => {
    expect(judgeExamValue(key, value, 'male')).toBe(judgement);
  });

  test('sex-dependent bounds: waist and hemoglobin; without the sex, no judgement rather than a wrong one', () => {
    expect(judgeExamValue('waist', 85, 'male')).toBe('guidance');
    expect(judgeExamValue('waist', 85, 'female')).toBe('normal');
    expect(judgeExamValue('waist', 90, 'female')).toBe('guidance');
    expect(judgeExamValue('hemoglobin', 13.1, 'male')).toBe('normal');
    expect(judgeExamValue('hemoglobin', 13.0, 'male')).toBe('guidance');
    expect(judgeExamValue('hemoglobin', 12.0, 'male')).toBe('see_doctor');
    expect(judgeExamValue('hemoglobin', 12.0, 'female')).toBe('guidance');
    expect(judgeExamValue('hemoglobin', 11.0, 'female')).toBe('see_doctor');
    expect(judgeExamValue('waist', 100, null)).toBeNull();
  });

  test('items without a rule and missing values have no judgement', () => {
    expect(judgeExamValue('height', 170, 'male')).toBeNull();
    expect(judgeExamValue(null, 170, 'male')).toBeNull();
    expect(judgeExamValue('ldl', null, 'male')).toBeNull();
  });

  test('JLAC10 codes: the analyte decides, whatever the method; a random sample (1299) is judged as random', () => {
    expect(examItemKeyForCode('3F077000002327101')).toBe('ldl');
    expect(examItemKeyForCode('3F077000002399901')).toBe('ldl');
    expect(examItemKeyForCode('9A755000000000001')).toBe('systolic');
    expect(examItemKeyForCode('3D046000001906202')).toBe('hba1c');
    expect(examItemKeyForCode('3F015129902327101')).toBe('triglyceridesRandom');
    expect(examItemKeyForCode('3D010129901926101')).toBe('glucoseRandom');
    expect(examItemKeyForCode('9N999000000000001')).toBeNull();
    expect(judgeExamItem('3F077000002327101', 142, 'male')).toBe('see_doctor');
    expect(judgeExamItem('9A751000000000001', 132, 'male')).toBe('guidance');
  });

  test('the thresholds as a member reads them', () => {
    expect(examItemReferenceText('systolic', 'male')).toBe('保健指導判定値 130mmHg以上／受診勧奨判定値 140mmHg以上');
    expect(examItemReferenceText('hba1c', null)).toBe('保健指導判定値 5.6%以上／受診勧奨判定値 6.5%以上');
    expect(examItemReferenceText('hdl', null)).toBe('保健指導判定値 39mg/dL以下');
    expect(examItemReferenceText('egfr', null)).toBe('保健指導判定値 60mL/分/1.73m²未満／受診勧奨判定値 45mL/分/1.73m²未満');
    expect(examItemReferenceText('height', 'male')).toBeNull();
  });
});
