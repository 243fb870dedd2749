import { eq } from 'drizzle-orm';
import { associations } from '../src/db/schema';
import { CHECKUP_ITEMS, QUESTIONNAIRE_ITEMS } from '../src/integrations/myna-portal/checkup-items';
import { buildMynaFhirBundle, type ExportCheckupItem } from '../src/myna/export-fhir';
import { createTestContext, type TestContext } from './helpers';
import { checkBundle, claimedProfiles, JP_CORE_RULES, SYSTEMS_1_2_0, summarise, valuesAt, type Resource } from './jp-core-rules';
import { importedMember } from './myna-helpers';

/*
 * Issue 25 #2: the FHIR export meets the JP Core 1.2.0 profiles it claims. The demo member's
 * records are imported through the fake My Number Portal and exported as the member downloads
 * them; every resource is checked against the rules of the profile it claims (jp-core-rules.ts,
 * written from jami-fhir-jp-wg/jp-core-v1x at tag 1.2.0): cardinality, fixed codes and categories,
 * value[x] types, references resolving inside the Bundle, the code system URIs of 1.2.0. The base
 * R4 schema check stays in myna-export.test.ts.
 */

const INSURER_NUMBER = '06139999';

let ctx: TestContext;
let bundle: Resource;

const entries = (of: Resource) => (of.entry as Array<{ fullUrl: string; resource: Resource }>).map((entry) => entry.resource);
const byProfile = (of: Resource, profile: string) =>
  entries(of).filter((resource) => claimedProfiles(resource).includes(`http://jpfhir.jp/fhir/core/StructureDefinition/${profile}`));
const resolve = (of: Resource, reference: string) =>
  (of.entry as Array<{ fullUrl: string; resource: Resource }>).find((entry) => entry.fullUrl === reference)?.resource;

/** A copy of the Bundle, to break on purpose. */
const copy = (of: Resource): Resource => JSON.parse(JSON.stringify(of));

beforeAll(async () => {
  ctx = await createTestContext({}, {}, { fakes: ['mynaPortal'] });
  const { member, agent } = await importedMember(ctx);
  // The member's association has an insurer number (保険者番号), as a real one does.
  await ctx.db.update(associations).set({ insurerNumber: INSURER_NUMBER }).where(eq(associations.id, member.associationId));
  const answer = await agent.get('exportMynaHealthFiles', { format: 'fhir' });
  expect(answer.status).toBe(200);
  bundle = JSON.parse(answer.body.content);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

test('every resource of the exported Bundle meets the JP Core 1.2.0 profile it claims', () => {
  const { profiled, broken, violations } = checkBundle(bundle);
  // Everything but the bills claims a profile (JP Core 1.2.0 has none for ExplanationOfBenefit).
  const unprofiled = entries(bundle).filter((resource) => claimedProfiles(resource).length === 0);
  expect([...new Set(unprofiled.map((resource) => resource.resourceType))]).toEqual(['ExplanationOfBenefit']);
  expect(profiled).toBeGreaterThan(90);
  expect({ broken: `${broken.size} of ${profiled} profiled resources break the rules`, rules: summarise(bundle, violations) }).toEqual({
    broken: `0 of ${profiled} profiled resources break the rules`,
    rules: [],
  });
});

test('each profile the export claims has its rule table, and the export claims each of them', () => {
  const claimed = new Set(
    entries(bundle)
      .flatMap(claimedProfiles)
      .map((url) => url.split('/').pop()!),
  );
  for (const profile of claimed) expect(JP_CORE_RULES[profile]).toBeDefined();
  expect([...claimed].sort()).toEqual(
    [
      'JP_Coverage',
      'JP_MedicationStatement',
      'JP_Observation_BodyMeasurement',
      'JP_Observation_Common',
      'JP_Observation_LabResult',
      'JP_Observation_SocialHistory',
      'JP_Observation_VitalSigns',
      'JP_Organization',
      'JP_Patient',
      'JP_Specimen_Common',
    ].sort(),
  );
  expect(
    entries(bundle)
      .flatMap((resource) => resource.meta?.profile ?? [])
      .every((canonical: string) => canonical.endsWith('|1.2.0')),
  ).toBe(true);
});

test('the specific choices: the patient identifier, the specimens, the body measurement codes, the smoking answer, the insurer', () => {
  // JP_Patient: the member's pseudonymous id in Sukoyaka's exports, never an insurance number.
  const [patient] = byProfile(bundle, 'JP_Patient');
  expect(patient!.identifier).toEqual([
    expect.objectContaining({ system: 'urn:ietf:rfc:3986', value: `urn:uuid:${patient!.id}`, assigner: { display: 'すこやか' } }),
  ]);
  expect(JSON.stringify(patient)).not.toContain(INSURER_NUMBER);

  // JP_Observation_LabResult: the specimen is the material the JLAC10 code names (digits 10–12).
  const labs = byProfile(bundle, 'JP_Observation_LabResult');
  expect(labs.length).toBeGreaterThan(30);
  for (const lab of labs) {
    const jlac10 = lab.code.coding.find((coding: Resource) => coding.system === SYSTEMS_1_2_0.jlac10).code as string;
    const specimen = resolve(bundle, lab.specimen.reference)!;
    const material = { '023': 'SER', '001': 'UR', '019': 'BLD', '022': 'PLAS' }[jlac10.slice(9, 12)];
    expect(specimen.type.coding).toContainEqual(
      expect.objectContaining({ system: 'http://terminology.hl7.org/CodeSystem/v2-0487', code: material }),
    );
    expect(specimen.collection.collectedDateTime).toBe(lab.effectiveDateTime);
    expect(specimen.subject).toEqual(lab.subject);
  }

  // JP_Observation_BodyMeasurement: category body-measurement and the JP Core code beside the MHLW one.
  const weight = byProfile(bundle, 'JP_Observation_BodyMeasurement').find((o) =>
    o.code.coding.some((coding: Resource) => coding.code === '9N006000000000001'),
  )!;
  expect(weight.category.flatMap((category: Resource) => category.coding)).toEqual([
    { system: SYSTEMS_1_2_0.simpleObservationCategory, code: 'body-measurement', display: 'Body Measurement' },
    { system: SYSTEMS_1_2_0.bodyMeasurementCategory, code: 'weight', display: '体重' },
  ]);
  expect(weight.code.coding).toContainEqual({ system: SYSTEMS_1_2_0.bodyMeasurementCode, code: '31000296', display: '体重' });
  expect(weight.valueQuantity).toMatchObject({ system: SYSTEMS_1_2_0.ucum, code: 'kg' });

  // JP_Observation_SocialHistory: smoking as a CodeableConcept (no valueBoolean in 1.2.0).
  const smoking = byProfile(bundle, 'JP_Observation_SocialHistory');
  expect(smoking.length).toBe(3);
  for (const answer of smoking) {
    expect(answer.valueBoolean).toBeUndefined();
    expect(answer.valueCodeableConcept.coding[0]).toMatchObject({ system: 'http://terminology.hl7.org/CodeSystem/v2-0136' });
  }
  // The medication questions are questionnaire answers: category survey.
  const surveys = byProfile(bundle, 'JP_Observation_Common').filter((o) =>
    o.category.some((category: Resource) => category.coding.some((coding: Resource) => coding.code === 'survey')),
  );
  expect(surveys.length).toBe(9);

  // The insurer: a JP_Organization with its 保険者番号 under the 1.2.0 URL; the coverage and the bills point to it.
  const [coverage] = byProfile(bundle, 'JP_Coverage');
  const insurer = resolve(bundle, coverage!.payor[0].reference)!;
  expect(insurer.identifier).toEqual([{ system: SYSTEMS_1_2_0.insurerNumber, value: INSURER_NUMBER }]);
  const bills = entries(bundle).filter((resource) => resource.resourceType === 'ExplanationOfBenefit');
  expect(bills.every((bill) => bill.insurer.reference === coverage!.payor[0].reference)).toBe(true);

  // Medicines: the YJ code under 1.2.0's URL.
  for (const statement of byProfile(bundle, 'JP_MedicationStatement')) {
    expect(statement.medicationCodeableConcept.coding[0].system).toBe('http://capstandard.jp/iyaku.info/CodeSystem/YJ-code');
  }
});

test('every check-up item the import knows, and every answer, meets its profile too', () => {
  // One check-up holding every item of the table (not only the demo's), each answer yes and no.
  const items: ExportCheckupItem[] = Object.entries(CHECKUP_ITEMS).map(([code, item]) => ({
    code,
    name: item.name,
    value: item.kind === 'numeric' ? 1 : item.kind === 'coded' ? '1' : '異常なし',
    unit: item.unit ?? null,
    kind: item.kind,
  }));
  const keys = Object.values(QUESTIONNAIRE_ITEMS);
  const checkup = (documentId: string, answer: boolean) => ({
    documentId,
    examinedOn: '2026-06-10',
    institution: '健診センター',
    items,
    questionnaire: Object.fromEntries(keys.map((key) => [key, answer])),
  });
  const every = buildMynaFhirBundle(
    {
      patient: { id: 'member-all-items' },
      checkups: [
        checkup('yes', true),
        checkup('no', false),
        { ...checkup('unknown', true), items: [{ code: '9Z999000000000001', name: 'その他', value: 'x', unit: null, kind: 'text' }] },
      ],
      dispensings: [],
      bills: [],
    },
    new Date('2026-11-23T06:00:00Z'),
  ) as Resource;
  const { violations } = checkBundle(every);
  expect(summarise(every, violations)).toEqual([]);
  // Every laboratory item of the table has its specimen.
  const labCodes = Object.entries(CHECKUP_ITEMS).filter(([, item]) => item.laboratory).length;
  expect(byProfile(every, 'JP_Observation_LabResult')).toHaveLength(labCodes * 2);
});

test('the checker can fail: each defect the issue names is caught, with the rule and its source', () => {
  const rulesBroken = (mutate: (broken: Resource) => void) => {
    const broken = copy(bundle);
    mutate(broken);
    return summarise(broken, checkBundle(broken).violations).join('\n');
  };
  const lab = (of: Resource) => byProfile(of, 'JP_Observation_LabResult')[0]!;
  const body = (of: Resource) => byProfile(of, 'JP_Observation_BodyMeasurement')[0]!;
  const smoking = (of: Resource) => byProfile(of, 'JP_Observation_SocialHistory')[0]!;

  expect(rulesBroken((of) => delete lab(of).specimen)).toMatch(/JP_Observation_LabResult — specimen 1\.\..*JP_Observation_LabResult\.fsh/);
  expect(
    rulesBroken((of) => {
      body(of).category[0].coding[0].code = 'exam';
    }),
  ).toMatch(/JP_Observation_BodyMeasurement — category\[first\]\.coding\.code = JP_SimpleObservationCategory_CS#body-measurement/);
  expect(
    rulesBroken((of) => {
      const answer = smoking(of);
      delete answer.valueCodeableConcept;
      answer.valueBoolean = false;
    }),
  ).toMatch(/JP_Observation_SocialHistory — value\[x\] only Quantity or CodeableConcept or string.*valueBoolean is not allowed/);
  expect(rulesBroken((of) => delete byProfile(of, 'JP_Patient')[0]!.identifier)).toMatch(/JP_Patient — identifier 1\.\..*JP_Patient\.fsh/);
  expect(
    rulesBroken((of) => {
      for (const coding of valuesAt(lab(of), 'code.coding') as Resource[]) {
        if (coding.system === SYSTEMS_1_2_0.jlac10) coding.system = 'urn:oid:1.2.392.200119.4.504';
      }
    }),
  ).toMatch(/no code or identifier system is an OID that 1\.2\.0 replaced.*master-JLAC10-17digits.*guide-urlmap\.md/s);
  expect(
    rulesBroken((of) => {
      lab(of).specimen = { reference: 'urn:uuid:00000000-0000-5000-8000-000000000000' };
    }),
  ).toMatch(/does not resolve/);
  expect(
    rulesBroken((of) => {
      const patient = byProfile(of, 'JP_Patient')[0]!;
      patient.meta.profile = ['http://jpfhir.jp/fhir/core/StructureDefinition/JP_Patient'];
    }),
  ).toMatch(/without the version 1\.2\.0/);
});
