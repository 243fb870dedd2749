import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as myna from '../myna';
import * as mynaTerms from '.';

/*
 * Issue 27: the My Number pages name the area's codes, words and helpers from this module, which
 * loads no zod (about 19 KiB with the area's schemas and the field builders); the schemas import
 * them from here.
 */
describe('@sukoyaka/contract/myna-terms (issue 27)', () => {
  const files = readdirSync(__dirname).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

  it('issue 27: imports no zod, no schema and no area: only the contract’s core files', () => {
    const imports = files.flatMap((file) =>
      [...readFileSync(path.join(__dirname, file), 'utf8').matchAll(/^import\s+(type\s+)?[^'"]*from\s+'([^']+)';$/gm)]
        .filter((match) => !match[1])
        .map((match) => `${file}: ${match[2]}`),
    );
    const allowed = /: (\.\/[\w-]+|\.\.\/(define|kana))$/;
    expect(imports.filter((line) => !allowed.test(line))).toEqual([]);
  });

  it('issue 27: what the pages name is here, and only here (the area’s module does not export it again)', () => {
    const pageNames = [
      'mynaPagePaths',
      'MynaErrorCodes',
      'MYNA_MESSAGES',
      'normaliseSecretAnswer',
      'mynaRecordKinds',
      'mynaExportFormats',
      'mynaExportFormatLabels',
      'mynaBillCategoryLabels',
      'mynaMedicalExpenseFormUrl',
      'medicalExpenseCategories',
      'medicalExpenseCategoryLabels',
      'MEDICAL_RECEIPT_PATIENT_MAX',
      'MEDICAL_RECEIPT_PAYEE_MAX',
      'examItemGroups',
      'examItemGroupLabels',
      'examItemKeyForCode',
      'mynaJudgementLabels',
    ];
    for (const name of pageNames) expect({ name, inTerms: name in mynaTerms }).toEqual({ name, inTerms: true });
    const twice = Object.keys(mynaTerms).filter((name) => name in myna);
    expect(twice).toEqual([]);
    expect(Object.keys(myna)).toContain('mynaCalls');
  });

  it('the schemas check with the same limits and words the pages show', () => {
    const receipt = myna.mynaCalls.createMynaMedicalReceipt.input.safeParse({
      patientName: 'あ'.repeat(mynaTerms.MEDICAL_RECEIPT_PATIENT_MAX + 1),
      payee: '薬局',
      paidOn: '2025-01-10',
      category: mynaTerms.medicalExpenseCategories[1],
      amount: 100,
      compensation: 0,
    });
    expect(receipt.success).toBe(false);
    expect(receipt.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['patientName']);
    const answer = myna.mynaCalls.authenticateUserMynaSecretQuestion.input.safeParse({
      answer: 'x'.repeat(mynaTerms.MYNA_SECRET_ANSWER_MAX + 1),
    });
    expect(answer.error?.issues[0]?.message).toBe(`答えは${mynaTerms.MYNA_SECRET_ANSWER_MAX}文字以内で入力してください`);
  });
});
