import { and, count, eq, sql } from 'drizzle-orm';
import {
  auditLogs,
  mynaAgreements,
  mynaAuthorizations,
  mynaDataKeys,
  mynaDispensings,
  mynaImportJobs,
  mynaLinks,
  mynaMedicalBills,
  mynaMedicalExams,
  mynaSecretQuestions,
  sessions as sessionsTable,
} from '../src/db/schema';
import { readLatestCheckup } from '../src/platform/checkup-source';
import { createTestContext, type TestContext } from './helpers';
import { fakePortal, importedMember, registerSecret, signedIn, type Member } from './myna-helpers';

/*
 * Issue 12, the member's records: check-ups with their MHLW judgements and trends, medicines by
 * dispensing, bills by year with totals, paging, ownership, the audit of every read; export (FHIR,
 * CSV, the bills list) end to end; complete removal; no plaintext of an imported medicine anywhere
 * in the database; the forecast's reader.
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

async function auditOf(member: Member, event: string) {
  return ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.userId, member.id), eq(auditLogs.event, event)));
}

test('check-ups newest first with the count of items per judgement, keyset-paginated', async () => {
  const first = await a.agent.get('listMynaMedicalExams', { limit: '2' });
  expect(first.status).toBe(200);
  expect(first.body.medicalExams.map((exam: { examinedOn: string }) => exam.examinedOn)).toEqual(['2026-06-10', '2025-06-11']);
  expect(first.body.nextCursor).toEqual(expect.any(String));
  const latest = first.body.medicalExams[0];
  expect(latest).toMatchObject({ fiscalYear: 2026, institutionName: '医療法人すこやか会 すこやか健診センター' });
  // 2026: LDL 142 (受診勧奨), systolic 132, HbA1c 5.7, waist 85.5 (保健指導).
  expect(latest.seeDoctorCount).toBeGreaterThanOrEqual(1);
  expect(latest.guidanceCount).toBeGreaterThanOrEqual(3);
  const second = await a.agent.get('listMynaMedicalExams', { limit: '2', cursor: first.body.nextCursor });
  expect(second.body.medicalExams.map((exam: { examinedOn: string }) => exam.examinedOn)).toEqual(['2024-06-12']);
  expect(second.body.nextCursor).toBeNull();
});

test('one check-up: each item with its unit, judgement, thresholds and its values across the years', async () => {
  const list = await a.agent.get('listMynaMedicalExams');
  const latestId = list.body.medicalExams[0].id;
  const response = await a.agent.get('getMynaMedicalExam', { id: latestId });
  expect(response.status).toBe(200);
  const exam = response.body.medicalExam;
  expect(exam).toMatchObject({ id: latestId, examinedOn: '2026-06-10', sex: 'male', age: 46 });
  const item = (name: string) => exam.items.find((candidate: { name: string }) => candidate.name === name);
  expect(item('LDLコレステロール')).toMatchObject({
    value: 142,
    unit: 'mg/dL',
    group: 'lipids',
    judgement: 'see_doctor',
    referenceText: '保健指導判定値 120mg/dL以上／受診勧奨判定値 140mg/dL以上',
  });
  expect(item('LDLコレステロール').trend.map((point: { value: number }) => point.value)).toEqual([128, 136, 142]);
  expect(item('LDLコレステロール').trend.map((point: { judgement: string }) => point.judgement)).toEqual([
    'guidance',
    'guidance',
    'see_doctor',
  ]);
  const systolic = exam.items.find((candidate: { code: string }) => candidate.code.startsWith('9A75'));
  expect(systolic).toMatchObject({ value: 132, unit: 'mmHg', judgement: 'guidance' });
  expect(item('HDLコレステロール')).toMatchObject({ value: 52, judgement: 'normal' });
  expect(exam.items.find((candidate: { code: string }) => candidate.code.startsWith('3D046'))).toMatchObject({
    value: 5.7,
    judgement: 'guidance',
  });
  expect(exam.items.find((candidate: { group: string; code: string }) => candidate.code === '9N736000000000011')).toMatchObject({
    group: 'questionnaire',
    valueText: 'いいえ',
    judgement: null,
  });
  const reads = await auditOf(a.member, 'myna_records_read');
  const detailRead = reads.find((row) => row.detail.call === 'getMynaMedicalExam');
  expect(detailRead!.detail).toMatchObject({ call: 'getMynaMedicalExam', count: 1 });
  expect(JSON.stringify(detailRead!.detail)).not.toContain('142');
});

test('medicines by dispensing (date and pharmacy) with the generic name and YJ code; a month at a time', async () => {
  const served = fakePortal(ctx).records().medicines;
  const all = await a.agent.get('listMynaMedicines', { limit: '100' });
  expect(all.status).toBe(200);
  expect(all.body.dispensings).toHaveLength(served.length);
  const dispensing = all.body.dispensings[0];
  expect(dispensing).toMatchObject({ dispensedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), pharmacyName: expect.any(String) });
  expect(dispensing.medicines[0]).toMatchObject({ genericName: expect.any(String), yjCode: expect.stringMatching(/^[0-9A-Z]{12}$/) });
  const days = all.body.dispensings.map((entry: { dispensedOn: string }) => entry.dispensedOn);
  expect([...days].sort().reverse()).toEqual(days);
  const pharmacies = new Set(all.body.dispensings.map((entry: { pharmacyName: string }) => entry.pharmacyName));
  expect(pharmacies.size).toBe(2);

  const month = days[0].slice(0, 7);
  const ofMonth = await a.agent.get('listMynaMedicines', { month });
  expect(ofMonth.body.dispensings.length).toBe(days.filter((day: string) => day.startsWith(month)).length);
  expect((await a.agent.get('listMynaMedicines', { month: '2026-13' })).status).toBe(400);
});

test("bills of a year by month, the year's total paid over every page, and the years there are", async () => {
  const served = fakePortal(ctx).records().medicalBills;
  const first = await a.agent.get('listMynaMedicalBills', { limit: '3' });
  expect(first.status).toBe(200);
  const year = first.body.year as number;
  expect(first.body.years[0]).toBe(year);
  const ofYear = served.filter((bill) => bill.month.startsWith(`${year}-`));
  expect(first.body.yearTotals).toEqual({
    count: ofYear.length,
    totalCost: ofYear.reduce((sum, bill) => sum + bill.totalCost, 0),
    paidAmount: ofYear.reduce((sum, bill) => sum + bill.paidAmount, 0),
  });
  const months = first.body.months as Array<{ month: string; paidAmount: number }>;
  expect(months.reduce((sum, month) => sum + month.paidAmount, 0)).toBe(first.body.yearTotals.paidAmount);

  const seen: string[] = [];
  let page = first.body;
  for (;;) {
    seen.push(...page.bills.map((bill: { id: string }) => bill.id));
    if (!page.nextCursor) break;
    page = (await a.agent.get('listMynaMedicalBills', { limit: '3', year: String(year), cursor: page.nextCursor })).body;
    expect(page.yearTotals).toEqual(first.body.yearTotals);
  }
  expect(new Set(seen).size).toBe(ofYear.length);
  const none = await a.agent.get('listMynaMedicalBills', { year: '2001' });
  expect(none.body).toMatchObject({ year: 2001, yearTotals: { count: 0, paidAmount: 0 }, bills: [], nextCursor: null });
});

test("another member's records: not found by id, not in their lists", async () => {
  const aExam = (await a.agent.get('listMynaMedicalExams')).body.medicalExams[0].id;
  const refused = await b.agent.get('getMynaMedicalExam', { id: aExam });
  expect(refused.status).toBe(404);
  const bExams = (await b.agent.get('listMynaMedicalExams')).body.medicalExams.map((exam: { id: string }) => exam.id);
  expect(bExams).not.toContain(aExam);
  const { agent: stranger } = await signedIn(ctx);
  await registerSecret(stranger);
  expect((await stranger.get('listMynaMedicalExams')).body).toEqual({ medicalExams: [], nextCursor: null });
  expect((await stranger.get('listMynaMedicines')).body).toEqual({ dispensings: [], nextCursor: null });
  expect((await stranger.get('getMynaMedicalExam', { id: aExam })).status).toBe(404);
});

test('no plaintext of an imported medicine, institution or value in any text column of any table', async () => {
  const served = fakePortal(ctx).records();
  const needles = [
    served.medicines[0]!.items[0]!.brandName,
    served.medicines[0]!.items[0]!.genericName!,
    served.medicines[0]!.pharmacyName,
    served.medicalBills[0]!.institutionName,
    'すこやか健診センター',
  ];
  const columns = await ctx.db.execute(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb')`,
  );
  const list = ((columns as unknown as { rows?: unknown[] }).rows ?? (columns as unknown as unknown[])) as Array<{
    table_name: string;
    column_name: string;
  }>;
  expect(list.length).toBeGreaterThan(20);
  expect(list.some((column) => column.table_name === 'myna_dispensings' && column.column_name === 'payload')).toBe(true);
  for (const needle of needles) {
    for (const column of list) {
      const found = await ctx.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(column.table_name)} where ${sql.identifier(column.column_name)}::text like ${`%${needle}%`}`,
      );
      const rows = ((found as unknown as { rows?: unknown[] }).rows ?? (found as unknown as unknown[])) as Array<{ n: number }>;
      expect({ table: column.table_name, column: column.column_name, needle, n: rows[0]!.n }).toMatchObject({ n: 0 });
    }
  }
});

test('export: a FHIR R4 Bundle, a CSV of everything and the tax form of one year, each audited with its counts', async () => {
  const fhir = await a.agent.get('exportMynaHealthFiles', { format: 'fhir' });
  expect(fhir.status).toBe(200);
  expect(fhir.body).toMatchObject({ mediaType: expect.stringContaining('application/fhir+json'), encoding: 'utf8' });
  const bundle = JSON.parse(fhir.body.content);
  expect(bundle.resourceType).toBe('Bundle');
  const types = new Set(bundle.entry.map((entry: { resource: { resourceType: string } }) => entry.resource.resourceType));
  for (const type of ['Observation', 'MedicationStatement', 'ExplanationOfBenefit']) expect(types.has(type)).toBe(true);
  const served = fakePortal(ctx).records();
  expect(fhir.body.counts).toEqual({ medicalExams: 3, medicines: served.medicines.length, medicalBills: served.medicalBills.length });

  const csv = await a.agent.get('exportMynaHealthFiles', { format: 'csv' });
  expect(csv.status).toBe(200);
  expect(csv.body.mediaType).toContain('text/csv');
  expect(csv.body.content).toContain(served.medicines[0]!.items[0]!.brandName);

  const year = Number(served.medicalBills[0]!.month.slice(0, 4));
  const tax = await a.agent.get('exportMynaHealthFiles', { format: 'tax_form_csv', year: String(year) });
  expect(tax.status).toBe(200);
  // The bills list (its released format name): the tax form itself is the workbook.
  expect(tax.body.content.split('\r\n')[0]).toContain('診療年月');
  expect(tax.body.content).not.toContain('医療を受けた人');
  const billsOfYear = served.medicalBills.filter((bill) => bill.month.startsWith(`${year}-`)).length;
  expect(tax.body.counts).toEqual({ medicalExams: 0, medicines: 0, medicalBills: billsOfYear });
  expect(tax.body.content.trim().split('\r\n')).toHaveLength(billsOfYear + 1);

  const exports = await auditOf(a.member, 'myna_exported');
  expect(exports.map((row) => row.detail.format).sort()).toEqual(['csv', 'fhir', 'tax_form_csv']);
  expect((await a.agent.get('exportMynaHealthFiles', { format: 'pdf' })).status).toBe(400);
});

test("the forecast's reader: the latest check-up's values with a fresh answer, audited with its purpose", async () => {
  const sessions = await ctx.db.select().from(sessionsTable).where(eq(sessionsTable.userId, a.member.id));
  const row = sessions.find((candidate) => candidate.mynaSecretQuestionExpiresAt !== null)!;
  const now = ctx.clock.now();
  const read = await readLatestCheckup({ db: ctx.db, userId: a.member.id, session: row, now, purpose: 'health_forecast' });
  expect(read).toEqual({
    status: 'available',
    source: 'myna',
    checkup: expect.objectContaining({ examinedOn: '2026-06-10', systolic: 132, ldl: 142, hdl: 52, hba1c: 5.7, smoker: false }),
  });
  const stale = await readLatestCheckup({
    db: ctx.db,
    userId: a.member.id,
    session: { ...row, mynaSecretQuestionExpiresAt: null },
    now,
    purpose: 'health_forecast',
  });
  expect(stale).toEqual({ status: 'secretQuestionRequired' });
  const reads = await auditOf(a.member, 'myna_records_read');
  expect(reads.some((entry) => entry.detail.purpose === 'health_forecast')).toBe(true);
});

test('removal needs the confirmation; it removes every record, the link, the jobs and the data key in one go, and nothing of the other member', async () => {
  const unconfirmed = await a.agent.post('removeMynaSensitives', { confirm: false });
  expect(unconfirmed.status).toBe(400);
  expect((await a.agent.get('listMynaMedicalExams')).body.medicalExams).toHaveLength(3);

  const served = fakePortal(ctx).records();
  const removed = await a.agent.post('removeMynaSensitives', { confirm: true });
  expect(removed.status).toBe(200);
  expect(removed.body.removed).toEqual({
    medicalExams: 3,
    medicines: served.medicines.length,
    medicalBills: served.medicalBills.length,
    medicalReceipts: 0,
    importJobs: 1,
    link: true,
  });
  type MynaTable =
    | typeof mynaMedicalExams
    | typeof mynaDispensings
    | typeof mynaMedicalBills
    | typeof mynaImportJobs
    | typeof mynaLinks
    | typeof mynaAuthorizations
    | typeof mynaDataKeys
    | typeof mynaAgreements
    | typeof mynaSecretQuestions;
  const left = async (table: MynaTable, userId: string) =>
    (await ctx.db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]!.n;
  for (const table of [mynaMedicalExams, mynaDispensings, mynaMedicalBills, mynaImportJobs, mynaLinks, mynaAuthorizations, mynaDataKeys]) {
    expect(await left(table, a.member.id)).toBe(0);
    if (table !== mynaAuthorizations) expect(await left(table, b.member.id)).toBeGreaterThan(0);
  }
  // Consent history and the secret question stay; so does the audit of the removal.
  expect(await left(mynaAgreements, a.member.id)).toBe(1);
  expect(await left(mynaSecretQuestions, a.member.id)).toBe(1);
  const audit = await auditOf(a.member, 'myna_removed');
  expect(audit).toHaveLength(1);
  expect(audit[0]!.detail).toMatchObject({ medicalExams: 3, link: true, dataKey: true });

  const state = await a.agent.get('getMynaConnectionState');
  expect(state.body).toMatchObject({ linked: false, hasRecords: false, latestImport: null, lastImportedAt: null });
  expect((await a.agent.get('listMynaMedicalExams')).body.medicalExams).toEqual([]);
  expect((await b.agent.get('listMynaMedicalExams')).body.medicalExams).toHaveLength(3);
  const again = await a.agent.post('removeMynaSensitives', { confirm: true });
  expect(again.body.removed).toEqual({ medicalExams: 0, medicines: 0, medicalBills: 0, medicalReceipts: 0, importJobs: 0, link: false });
});
