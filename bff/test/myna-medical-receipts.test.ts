import { callPath, ErrorCodes, MEDICAL_RECEIPTS_PER_YEAR_MAX, MynaErrorCodes, mynaMedicalExpenseFormUrl } from '@sukoyaka/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { auditLogs, mynaMedicalReceipts, users } from '../src/db/schema';
import {
  FORM_FIRST_ROW,
  FORM_HEADER_ROW_6,
  FORM_HEADER_ROW_7,
  FORM_MAX_ROWS,
  FORM_SHEET_NAME,
  FORM_TITLE,
  fitToForm,
  medicalExpenseFormRows,
} from '../src/myna/export-xlsx';
import { createTestContext, type TestContext } from './helpers';
import { importedMember, signedIn } from './myna-helpers';

/*
 * Issue 25 #3, 医療費控除 end to end: receipts typed in by hand beside the imported bills
 * (validation naming each field, ownership, create / update / delete, idempotency, removal), and
 * the 医療費集計フォーム workbook read back with exceljs — the form's sheet, header rows and first
 * data row, amounts as numbers, dates as dates, and the portal's patient name, never the nickname.
 */

let ctx: TestContext;
let a: Awaited<ReturnType<typeof importedMember>>;
let b: Awaited<ReturnType<typeof importedMember>>;

beforeAll(async () => {
  ctx = await createTestContext({}, {}, { fakes: ['mynaPortal'] });
  a = await importedMember(ctx);
  b = await importedMember(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const receipt = (fields: Record<string, unknown> = {}) => ({
  patientName: 'すこやか 花子',
  payee: 'まちなか薬局',
  paidOn: '2025-12-20',
  category: 'medicine',
  amount: 3_480,
  compensation: 0,
  ...fields,
});

async function download(agent: typeof a.agent, url: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url,
    headers: { cookie: `sukoyaka_session=${agent.cookie('sukoyaka_session')}` },
  });
  return response;
}

async function workbookOf(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook;
}

describe('validation: 400 with a Japanese message naming the field, nothing stored', () => {
  it('names every missing or malformed field', async () => {
    const response = await a.agent.post('createMynaMedicalReceipt', {});
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(ErrorCodes.invalidParameters);
    expect(response.body.fields).toMatchObject({
      patientName: ['医療を受けた人を入力してください'],
      payee: ['支払先を入力してください'],
      paidOn: ['支払年月日を入力してください'],
      category: ['医療費の区分を選択してください'],
      amount: ['支払った金額を入力してください'],
      compensation: ['補填される金額を入力してください'],
    });
    const malformed = await a.agent.post(
      'createMynaMedicalReceipt',
      receipt({
        patientName: 'あ'.repeat(11),
        payee: 'い'.repeat(21),
        paidOn: '2025-02-30',
        category: 'food',
        amount: 12.5,
        compensation: -1,
      }),
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toMatchObject({
      patientName: ['医療を受けた人は10文字以内で入力してください'],
      payee: ['支払先は20文字以内で入力してください'],
      paidOn: ['支払年月日の形式が正しくありません'],
      category: ['医療費の区分を選択してください'],
      amount: ['支払った金額は1円単位の整数で入力してください'],
      compensation: ['補填される金額は0円以上で入力してください'],
    });
  });

  it('the day within 2000 to today, the amount from 1 yen to nine digits', async () => {
    const early = await a.agent.post('createMynaMedicalReceipt', receipt({ paidOn: '1999-12-31', amount: 0 }));
    expect(early.body.fields).toMatchObject({
      paidOn: ['支払年月日は2000年1月1日以降の日付を入力してください'],
      amount: ['支払った金額は1円以上で入力してください'],
    });
    const future = await a.agent.post('createMynaMedicalReceipt', receipt({ paidOn: '2099-01-01', amount: 1_000_000_000 }));
    expect(future.body.fields).toMatchObject({
      paidOn: ['支払年月日に未来の日付は指定できません'],
      amount: ['支払った金額は999,999,999円以下で入力してください'],
    });
  });

  it('補填額 at most the amount paid: the cross-field rule is reported at 補填額', async () => {
    const response = await a.agent.post('createMynaMedicalReceipt', receipt({ amount: 1_000, compensation: 1_001 }));
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ compensation: ['補填される金額は支払った金額以下で入力してください'] });
    const stored = await ctx.db.select().from(mynaMedicalReceipts).where(eq(mynaMedicalReceipts.userId, a.member.id));
    expect(stored).toEqual([]);
  });
});

describe('the member’s own receipts', () => {
  it('created, listed for their year with totals, changed and removed', async () => {
    const created = await a.agent.post(
      'createMynaMedicalReceipt',
      receipt({ amount: 12_000, compensation: 2_000, category: 'treatment', payee: '駅前整形外科' }),
    );
    expect(created.status).toBe(200);
    expect(created.body.receipt).toMatchObject({
      patientName: 'すこやか 花子',
      payee: '駅前整形外科',
      paidOn: '2025-12-20',
      amount: 12_000,
    });
    const id = created.body.receipt.id as string;
    const second = await a.agent.post(
      'createMynaMedicalReceipt',
      receipt({ paidOn: '2025-11-02', payee: 'バス（通院）', category: 'other', amount: 440 }),
    );
    expect(second.status).toBe(200);

    const list = await a.agent.get('listMynaMedicalReceipts', { year: '2025' });
    expect(list.status).toBe(200);
    expect(list.body.receipts.map((r: { paidOn: string }) => r.paidOn)).toEqual(['2025-11-02', '2025-12-20']);
    expect(list.body.totals).toEqual({ count: 2, amount: 12_440, compensation: 2_000 });
    expect(list.body.years).toEqual([2025]);
    // The portal's 受診者氏名 prefills the form: never the nickname.
    expect(list.body.portalPatientName).toBe('すこやか 太郎');
    expect((await a.agent.get('listMynaMedicalReceipts', { year: '2024' })).body.receipts).toEqual([]);

    const changed = await a.agent.post('updateMynaMedicalReceipt', {
      id,
      ...receipt({ paidOn: '2024-12-28', amount: 9_000, compensation: 0 }),
    });
    expect(changed.status).toBe(200);
    expect(changed.body.receipt).toMatchObject({ id, paidOn: '2024-12-28', amount: 9_000, payee: 'まちなか薬局' });
    expect((await a.agent.get('listMynaMedicalReceipts', { year: '2025' })).body.totals).toEqual({
      count: 1,
      amount: 440,
      compensation: 0,
    });
    expect((await a.agent.get('listMynaMedicalReceipts', { year: '2024' })).body.years).toEqual([2025, 2024]);

    const deleted = await a.agent.post('deleteMynaMedicalReceipt', { id });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deletedId: id });
    expect((await a.agent.post('deleteMynaMedicalReceipt', { id })).status).toBe(404);
    const actions = await ctx.db
      .select({ detail: auditLogs.detail })
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, a.member.id), eq(auditLogs.event, 'myna_medical_receipt_saved')));
    expect(actions.map((row) => (row.detail as { action: string }).action)).toEqual(['created', 'created', 'updated', 'deleted']);
    // Counts and years only: no payee, person or amount in the audit log.
    expect(JSON.stringify(actions)).not.toMatch(/まちなか|花子|9000/);
  });

  it('sealed at rest: no payee or person in the clear', async () => {
    await a.agent.post('createMynaMedicalReceipt', receipt({ payee: '秘密のクリニック' }));
    const rows = await ctx.db.execute(sql`select payload from myna_medical_receipts`);
    expect(JSON.stringify(rows)).not.toContain('秘密のクリニック');
    expect(JSON.stringify(rows)).not.toContain('花子');
  });

  it('a retry with the same Idempotency-Key adds one receipt and replays the answer', async () => {
    const key = randomUUID();
    const send = () =>
      a.agent.request({
        method: 'POST',
        url: callPath('createMynaMedicalReceipt'),
        payload: receipt({ payee: '一度だけ歯科', category: 'treatment' }),
        headers: { 'x-csrf-token': a.agent.token!, 'idempotency-key': key },
      });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.receipt.id).toBe(first.body.receipt.id);
    const list = await a.agent.get('listMynaMedicalReceipts', { year: '2025' });
    expect(list.body.receipts.filter((r: { payee: string }) => r.payee === '一度だけ歯科')).toHaveLength(1);
  });

  it('another member never reads, changes or removes them', async () => {
    const mine = await a.agent.post('createMynaMedicalReceipt', receipt({ payee: 'Aの病院' }));
    const id = mine.body.receipt.id as string;
    expect((await b.agent.get('listMynaMedicalReceipts', { year: '2025' })).body.receipts).toEqual([]);
    const update = await b.agent.post('updateMynaMedicalReceipt', { id, ...receipt({ payee: '書き換え' }) });
    expect(update.status).toBe(404);
    expect((await b.agent.post('deleteMynaMedicalReceipt', { id })).status).toBe(404);
    const list = await a.agent.get('listMynaMedicalReceipts', { year: '2025' });
    expect(list.body.receipts.find((r: { id: string }) => r.id === id)).toMatchObject({ payee: 'Aの病院' });
    // B's workbook holds B's bills only.
    const form = await download(b.agent, mynaMedicalExpenseFormUrl(2025));
    const sheet = (await workbookOf(form.rawPayload)).getWorksheet(FORM_SHEET_NAME)!;
    const payees = sheet.getColumn(3).values.filter((value): value is string => typeof value === 'string');
    expect(payees).not.toContain('Aの病院');
  });

  it('needs the fresh secret-question answer, as the records do', async () => {
    const { agent } = await signedIn(ctx);
    const refused = await agent.post('createMynaMedicalReceipt', receipt());
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ErrorCodes.mynaSecretQuestionAuthenticationRequired);
    expect((await download(agent, mynaMedicalExpenseFormUrl(2025))).statusCode).toBe(403);
  });
});

describe('the 医療費集計フォーム workbook', () => {
  it('the form’s sheet, header rows and data from row 9: bills with the portal’s name, receipts with numbers and dates', async () => {
    const [nickname] = await ctx.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, b.member.id));
    const added = await b.agent.post(
      'createMynaMedicalReceipt',
      receipt({
        patientName: 'すこやか 花子',
        payee: 'あおば眼科',
        paidOn: '2025-12-26',
        category: 'treatment',
        amount: 5_230,
        compensation: 1_000,
      }),
    );
    expect(added.status).toBe(200);
    const response = await download(b.agent, mynaMedicalExpenseFormUrl(2025));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('filename="iryouhi_form_2025.xlsx"');
    expect(response.headers['cache-control']).toBe('no-store');

    const workbook = await workbookOf(response.rawPayload);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([FORM_SHEET_NAME, 'ご利用に当たって']);
    const sheet = workbook.getWorksheet(FORM_SHEET_NAME)!;
    expect(sheet.getCell('A1').value).toBe(FORM_TITLE);
    expect(sheet.getCell('A1').value).toBe('医療費集計フォーム  Ver.3.1');
    const rowValues = (row: number) => Array.from({ length: 10 }, (_, index) => sheet.getRow(row).getCell(index + 1).value ?? null);
    expect(rowValues(6).filter((value, index) => index < 3 || index > 6)).toEqual(
      FORM_HEADER_ROW_6.filter((_, index) => index < 3 || index > 6),
    );
    expect(sheet.getCell('D6').value).toBe('医療費の区分\u3000※複数選択可');
    expect(rowValues(7).slice(1)).toEqual(FORM_HEADER_ROW_7.slice(1));
    expect(sheet.getRow(8).hidden).toBe(true);
    expect(sheet.getCell('C3').formula).toBe('IF(0=SUM(H9:H1003),"",SUM(H9:H1003))');
    expect(sheet.getCell('C4').formula).toBe('IF(0=SUM(I9:I1003),"",SUM(I9:I1003))');

    // 2025 at the fake portal: November and December, a clinic and its pharmacy each month.
    expect(FORM_FIRST_ROW).toBe(9);
    const first = sheet.getRow(9);
    expect(first.getCell('B').value).toBe('すこやか 太郎');
    expect(first.getCell('B').value).not.toBe(nickname!.nickname);
    expect(typeof first.getCell('C').value).toBe('string');
    expect(typeof first.getCell('H').value).toBe('number');
    expect(first.getCell('J').value).toBeNull();
    const dataRows = Array.from({ length: 6 }, (_, index) => sheet.getRow(9 + index));
    const marks = dataRows.slice(0, 4).map((row) => [row.getCell('D').value, row.getCell('E').value]);
    expect(marks).toEqual(
      expect.arrayContaining([
        ['該当する', null],
        [null, '該当する'],
      ]),
    );
    // Then the receipt typed in by hand.
    const typed = sheet.getRow(13);
    expect(typed.getCell('B').value).toBe('すこやか 花子');
    expect(typed.getCell('C').value).toBe('あおば眼科');
    expect(typed.getCell('D').value).toBe('該当する');
    expect(typed.getCell('H').value).toBe(5_230);
    expect(typed.getCell('I').value).toBe(1_000);
    const paid = typed.getCell('J').value;
    expect(paid).toBeInstanceOf(Date);
    expect((paid as Date).toISOString()).toBe('2025-12-26T00:00:00.000Z');
    expect(typed.getCell('J').numFmt).toBe('yyyy/m/d');
    expect(sheet.getRow(14).getCell('B').value).toBeNull();
    expect(sheet.getRow(FORM_FIRST_ROW + FORM_MAX_ROWS - 1).getCell('A').value).toMatchObject({ formula: 'ROW()-8', result: 995 });

    // bills=0: the receipts only (when the 作成コーナー takes the bills from the portal itself).
    const receiptsOnly = await workbookOf((await download(b.agent, mynaMedicalExpenseFormUrl(2025, false))).rawPayload);
    const onlySheet = receiptsOnly.getWorksheet(FORM_SHEET_NAME)!;
    expect(onlySheet.getRow(9).getCell('C').value).toBe('あおば眼科');
    expect(onlySheet.getRow(10).getCell('C').value).toBeNull();

    const exported = await ctx.db
      .select({ detail: auditLogs.detail })
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, b.member.id), eq(auditLogs.event, 'myna_exported')));
    expect(exported.map((row) => row.detail)).toContainEqual(
      expect.objectContaining({ format: 'medical_expense_form', year: 2025, medicalBills: 4, medicalReceipts: 1, rows: 5 }),
    );
  });

  it('a bad year is 400 naming the field', async () => {
    const bad = await download(a.agent, '/api/bff/files/myna/medical-expense-form?year=1999');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_parameters', fields: { year: ['年は2000〜2099の範囲で指定してください'] } });
  });

  it('the rows: the form’s 区分, names fitted to its limits, and more than 995 rows summed per person and payee', () => {
    const bill = { billId: 'x', month: '2025-05', days: 1, totalCost: 1_000, paidAmount: 300 };
    const rows = medicalExpenseFormRows(
      [
        { ...bill, institutionName: '医療法人社団すこやか会 すこやか総合病院附属クリニック', kind: 'medical', patientName: null },
        { ...bill, institutionName: '駅前薬局', kind: 'pharmacy', patientName: 'すこやか 太郎' },
      ],
      [],
      'スコヤカ タロウ',
    );
    expect(rows).toEqual([
      {
        patientName: 'スコヤカ タロウ',
        payee: '医療法人社団すこやか会 すこやか総合病…',
        categories: ['treatment'],
        amount: 300,
        compensation: 0,
        paidOn: null,
      },
      { patientName: 'すこやか 太郎', payee: '駅前薬局', categories: ['medicine'], amount: 300, compensation: 0, paidOn: null },
    ]);
    expect([...rows[0]!.payee]).toHaveLength(20);
    expect(fitToForm('すこやか 花子', 10)).toBe('すこやか 花子');

    const many = Array.from({ length: FORM_MAX_ROWS + 5 }, (_, index) => ({
      id: String(index),
      patientName: index % 2 ? '甲' : '乙',
      payee: '同じ薬局',
      paidOn: '2025-01-05',
      category: 'medicine' as const,
      amount: 100,
      compensation: 10,
      createdAt: '',
      updatedAt: '',
    }));
    expect(medicalExpenseFormRows([], many, null)).toEqual([
      { patientName: '乙', payee: '同じ薬局', categories: ['medicine'], amount: 50_000, compensation: 5_000, paidOn: null },
      { patientName: '甲', payee: '同じ薬局', categories: ['medicine'], amount: 50_000, compensation: 5_000, paidOn: null },
    ]);
  });
});

describe('limits and removal', () => {
  it(`${MEDICAL_RECEIPTS_PER_YEAR_MAX} receipts a year at most: the next is 409 with a message`, async () => {
    const { agent, member } = await importedMember(ctx);
    const rows = Array.from({ length: MEDICAL_RECEIPTS_PER_YEAR_MAX }, () => ({
      id: randomUUID(),
      userId: member.id,
      paidOn: '2023-03-03',
      year: 2023,
      payload: 'x',
      createdAt: new Date(),
      updatedAt: new Date(),
    }));
    await ctx.db.insert(mynaMedicalReceipts).values(rows);
    const full = await agent.post('createMynaMedicalReceipt', receipt({ paidOn: '2023-04-01' }));
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: MynaErrorCodes.medicalReceiptsFull });
    expect(full.body.message).toContain('500件まで');
    expect((await agent.post('createMynaMedicalReceipt', receipt({ paidOn: '2024-04-01' }))).status).toBe(200);
  });

  it('removing the imported records removes the receipts sealed with the same key', async () => {
    const { agent, member } = await importedMember(ctx);
    expect((await agent.post('createMynaMedicalReceipt', receipt())).status).toBe(200);
    const removed = await agent.post('removeMynaSensitives', { confirm: true });
    expect(removed.status).toBe(200);
    expect(removed.body.removed.medicalReceipts).toBe(1);
    expect(await ctx.db.select().from(mynaMedicalReceipts).where(eq(mynaMedicalReceipts.userId, member.id))).toEqual([]);
  });
});
