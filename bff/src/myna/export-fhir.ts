// The member's My Number records as one FHIR R4 Bundle (type collection), on the profiles of JP Core
// 1.2.0 (JP Core implementation guide, jpfhir.jp/fhir/core; the source is jami-fhir-jp-wg/jp-core-v1x
// at tag 1.2.0, commit c06f0205). Each resource meets the profile it claims, `canonical|1.2.0` in
// meta.profile; bff/test/myna-fhir-jpcore.test.ts checks every one against that version's rules.
//
// - JP_Patient, identified by a pseudonymous id of the member in Sukoyaka's exports (never an
//   insurance number: docs/decisions/0002-fhir-export-jp-core.md);
// - per check-up item one Observation: JP_Observation_LabResult for laboratory results (coded in
//   JLAC10, with a JP_Specimen_Common of the material the JLAC10 code names), JP_Observation_VitalSigns
//   for blood pressure, JP_Observation_BodyMeasurement for height, weight, BMI and waist (category
//   body-measurement, JP Core's body-measurement codes), JP_Observation_Common for the judgements;
//   smoking as JP_Observation_SocialHistory and the medication questions as survey answers, both
//   yes/no CodeableConcepts; every item also under the MHLW 特定健診項目コード; numbers in UCUM;
// - one JP_MedicationStatement per dispensed medicine with its YJ code;
// - the insurer as a JP_Organization with its 保険者番号, a JP_Coverage, and one ExplanationOfBenefit
//   per bill (JP Core 1.2.0 has no profile for it, so the base R4 resource claims none).
// Ids are derived from the records, so exporting twice gives the same Bundle apart from its time.
import { createHash } from 'node:crypto';
import { CHECKUP_ITEMS } from '../integrations/myna-portal/checkup-items';
import type { CheckupAnalyte, PortalMedicalBillKind } from '../integrations/myna-portal/types';

/** The JP Core version every profile, code system and identifier system here is from. */
export const JP_CORE_VERSION = '1.2.0';

/**
 * The code and identifier systems, as JP Core 1.2.0 writes them (input/fsh/aliases-jpcore.fsh and
 * the OID-to-URL table of input/pagecontent/guide-urlmap.md at tag 1.2.0), and the HL7 and MHLW
 * ones beside them.
 */
export const FHIR_SYSTEMS = {
  // $JP_ObservationLabResultCode_CS: MEDIS 臨床検査マスター 17桁コード (formerly urn:oid:1.2.392.200119.4.504).
  jlac10: 'http://medis.or.jp/CodeSystem/master-JLAC10-17digits',
  // The MHLW 特定健診項目コード表: not a JP Core code system; the OID JAMI's eCheckup IG gives it.
  mhlwCheckupItem: 'urn:oid:1.2.392.200119.6.1005',
  // $JP_MedicationCodeYJ_CS: 個別医薬品コード（YJコード）.
  yj: 'http://capstandard.jp/iyaku.info/CodeSystem/YJ-code',
  ucum: 'http://unitsofmeasure.org',
  // $JP_SimpleObservationCategory_CS (terminologies_external/cs/JP_SimpleObservationCategory_CS.fsh).
  jpObservationCategory: 'http://jpfhir.jp/fhir/core/CodeSystem/JP_SimpleObservationCategory_CS',
  // $JP_ObservationBodyMeasurementCategory_CS and $JP_ObservationBodyMeasurementCode_CS.
  jpBodyMeasurementCategory: 'http://jpfhir.jp/fhir/core/CodeSystem/JP_ObservationBodyMeasurementCategory_CS',
  jpBodyMeasurementCode: 'http://jpfhir.jp/fhir/core/CodeSystem/JP_ObservationBodyMeasurementCode_CS',
  // $JP_IdSystem_InsurerNumber: 保険者番号 (formerly urn:oid:1.2.392.100495.20.3.61).
  insurerNumber: 'http://jpfhir.jp/fhir/core/mhlw/IdSystem/InsurerNumber',
  // HL7 v2 table 0487 (specimen type), as JP Core 1.2.0's own Specimen examples code it.
  specimenType: 'http://terminology.hl7.org/CodeSystem/v2-0487',
  // HL7 v2 table 0136 (yes/no indicator).
  yesNo: 'http://terminology.hl7.org/CodeSystem/v2-0136',
  organizationType: 'http://terminology.hl7.org/CodeSystem/organization-type',
  // An identifier whose value is itself a URI (here a urn:uuid).
  uri: 'urn:ietf:rfc:3986',
  claimType: 'http://terminology.hl7.org/CodeSystem/claim-type',
  adjudication: 'http://terminology.hl7.org/CodeSystem/adjudication',
} as const;

const JP_CORE = 'http://jpfhir.jp/fhir/core/StructureDefinition';
const profile = (name: string) => `${JP_CORE}/${name}|${JP_CORE_VERSION}`;
/** The profiles claimed, each as `canonical|1.2.0` (input/fsh/profiles/<name>.fsh at tag 1.2.0). */
export const JP_CORE_PROFILES = {
  patient: profile('JP_Patient'),
  organization: profile('JP_Organization'),
  specimen: profile('JP_Specimen_Common'),
  labResult: profile('JP_Observation_LabResult'),
  vitalSigns: profile('JP_Observation_VitalSigns'),
  bodyMeasurement: profile('JP_Observation_BodyMeasurement'),
  socialHistory: profile('JP_Observation_SocialHistory'),
  common: profile('JP_Observation_Common'),
  medicationStatement: profile('JP_MedicationStatement'),
  coverage: profile('JP_Coverage'),
} as const;

/** The member, as far as the export says who the records are about. */
export interface ExportPatient {
  /** A stable opaque id of the member (never a login or an insurance number). */
  id: string;
  name?: string | null;
  sex?: 'male' | 'female' | null;
  /** yyyy-MM-dd. */
  birthDate?: string | null;
}

export interface ExportCheckupItem {
  code: string;
  name: string;
  value: number | string;
  unit: string | null;
  kind: 'numeric' | 'coded' | 'text';
}

export interface ExportCheckup {
  documentId: string;
  /** yyyy-MM-dd. */
  examinedOn: string;
  institution: string;
  items: ExportCheckupItem[];
  questionnaire?: { smoker?: boolean; onDiabetesMedication?: boolean; onHypertensionMedication?: boolean; onLipidMedication?: boolean };
}

export interface ExportMedicine {
  yjCode: string;
  brandName: string;
  genericName: string | null;
  strength: string | null;
  quantity: number;
  unit: string;
  days: number | null;
  usage: string | null;
}

export interface ExportDispensing {
  dispensingId: string;
  /** yyyy-MM-dd. */
  dispensedOn: string;
  pharmacyName: string;
  prescribingInstitution: string | null;
  items: ExportMedicine[];
}

export interface ExportBill {
  billId: string;
  /** yyyy-MM. */
  month: string;
  institutionName: string;
  kind: PortalMedicalBillKind;
  days: number;
  totalCost: number;
  paidAmount: number;
}

export interface MynaExportRecords {
  patient: ExportPatient;
  checkups: ExportCheckup[];
  dispensings: ExportDispensing[];
  bills: ExportBill[];
  /** The insurer (the member's health insurance association), named on the bills. */
  insurerName?: string | null;
  /** Its 保険者番号 (8 digits), when the association has one. */
  insurerNumber?: string | null;
}

type Json = Record<string, unknown>;

/** A UUID made from the parts (SHA-256, RFC 4122 variant bits), so the same record keeps its id. */
function stableUuid(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** UCUM codes for the units the MHLW documents write. */
const UCUM: Record<string, string> = {
  cm: 'cm',
  kg: 'kg',
  'kg/m2': 'kg/m2',
  mmHg: 'mm[Hg]',
  'mm[Hg]': 'mm[Hg]',
  'mg/dL': 'mg/dL',
  'mg/dl': 'mg/dL',
  '%': '%',
  'U/L': 'U/L',
  'U/l': 'U/L',
  'IU/L': '[IU]/L',
  'g/dL': 'g/dL',
  'g/dl': 'g/dL',
  'mL/min/1.73m2': 'mL/min/{1.73_m2}',
  'ml/min/1.73m2': 'mL/min/{1.73_m2}',
  'mL/min/{1.73_m2}': 'mL/min/{1.73_m2}',
  '10*4/uL': '10*4/uL',
  '万/μL': '10*4/uL',
};

const VITAL: ReadonlySet<CheckupAnalyte> = new Set(['systolic', 'diastolic']);

/**
 * The body measurements: category[second] from JP_ObservationBodyMeasurementCategory_CS and the code
 * from JP_ObservationBodyMeasurementCode_CS (terminologies_external/cs/…Category_CS.fsh and
 * input/fsh/terminologies/JP_ObservationBodyMeasurementCode_CS.fsh at tag 1.2.0; 31000296 is the
 * weight in kg).
 */
const BODY_MEASUREMENTS: Partial<Record<CheckupAnalyte, { category: [string, string]; code: [string, string] }>> = {
  height: { category: ['height', '身長'], code: ['31000298', '身長'] },
  weight: { category: ['weight', '体重'], code: ['31000296', '体重'] },
  bmi: { category: ['body-mass-index', '肥満度'], code: ['31003020', 'ＢＭＩ'] },
  waist: { category: ['abdominal-circumference', '腹囲'], code: ['31000301', '腹囲'] },
};

/**
 * The specimen material a JLAC10 17-digit code names in its 10th–12th digits (分析物 5, 識別 4,
 * 材料 3, 測定法 3, 結果識別 2), for the materials of the 特定健診 laboratory items, with the HL7 v2
 * table 0487 code JP Core's Specimen examples use.
 */
const SPECIMEN_MATERIALS: Record<string, { name: string; code: string; display: string }> = {
  '001': { name: '尿', code: 'UR', display: 'Urine' },
  '019': { name: '全血', code: 'BLD', display: 'Whole blood' },
  '022': { name: '血漿', code: 'PLAS', display: 'Plasma' },
  '023': { name: '血清', code: 'SER', display: 'Serum' },
};

const category = (code: string, display: string) => ({ coding: [{ system: FHIR_SYSTEMS.jpObservationCategory, code, display }] });

/**
 * The questionnaire answers we keep (yes or no). Smoking is social history; the medication
 * questions are answers to the 標準的な質問票, so survey (JP_SimpleObservationCategory_CS).
 */
const QUESTIONS: Array<{ key: keyof NonNullable<ExportCheckup['questionnaire']>; code: string; name: string; socialHistory?: true }> = [
  { key: 'onHypertensionMedication', code: '9N701000000000011', name: '服薬1（血圧）' },
  { key: 'onDiabetesMedication', code: '9N706000000000011', name: '服薬2（血糖）' },
  { key: 'onLipidMedication', code: '9N711000000000011', name: '服薬3（脂質）' },
  { key: 'smoker', code: '9N736000000000011', name: '喫煙', socialHistory: true },
];

/** A yes/no answer: JP_Observation_SocialHistory allows no valueBoolean (value[x] only Quantity, CodeableConcept or string). */
const yesNo = (answer: boolean) => ({
  valueCodeableConcept: {
    coding: [{ system: FHIR_SYSTEMS.yesNo, code: answer ? 'Y' : 'N', display: answer ? 'Yes' : 'No' }],
    text: answer ? 'はい' : 'いいえ',
  },
});

/** The item's code: JLAC10 for a laboratory result, the MHLW item code always, and any JP Core code. */
const codeOf = (code: string, name: string, laboratory: boolean, ...more: Array<{ system: string; code: string; display: string }>) => ({
  coding: [
    ...(laboratory ? [{ system: FHIR_SYSTEMS.jlac10, code, display: name }] : []),
    { system: FHIR_SYSTEMS.mhlwCheckupItem, code, display: name },
    ...more,
  ],
  text: name,
});

/** The first and last day of a month (yyyy-MM). */
function monthPeriod(month: string): { start: string; end: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(last).padStart(2, '0')}` };
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const CLAIM_TYPES: Record<PortalMedicalBillKind, { code: string; display: string; label: string }> = {
  medical: { code: 'professional', display: 'Professional', label: '医科（入院外）' },
  dental: { code: 'oral', display: 'Oral', label: '歯科' },
  pharmacy: { code: 'pharmacy', display: 'Pharmacy', label: '調剤' },
  inpatient: { code: 'institutional', display: 'Institutional', label: '医科（入院）' },
};

/**
 * Builds the Bundle. `generatedAt` stamps the Bundle (and decides whether a medicine's supply has
 * ended: MedicationStatement status completed or active).
 */
export function buildMynaFhirBundle(records: MynaExportRecords, generatedAt: Date): Json {
  const entries: Array<{ fullUrl: string; resource: Json }> = [];
  const add = (resource: Json & { id: string }) => {
    entries.push({ fullUrl: `urn:uuid:${resource.id}`, resource });
    return { reference: `urn:uuid:${resource.id}` };
  };
  const owner = records.patient.id;
  const today = generatedAt.toISOString().slice(0, 10);

  // JP_Patient needs an identifier (identifier 1.., identifier.value 1..: input/fsh/profiles/JP_Patient.fsh).
  // The member's pseudonymous id in Sukoyaka's exports, the same in every export and the Patient's
  // own id; never a login, an internal id or an insurance number (docs/decisions/0002).
  const patientId = stableUuid(owner, 'patient');
  const patient = add({
    resourceType: 'Patient',
    id: patientId,
    meta: { profile: [JP_CORE_PROFILES.patient] },
    identifier: [{ system: FHIR_SYSTEMS.uri, value: `urn:uuid:${patientId}`, assigner: { display: 'すこやか' } }],
    ...(records.patient.name ? { name: [{ use: 'official', text: records.patient.name }] } : {}),
    ...(records.patient.sex ? { gender: records.patient.sex } : {}),
    ...(records.patient.birthDate ? { birthDate: records.patient.birthDate } : {}),
  });

  const organizations = new Map<string, { reference: string; display: string }>();
  const organization = (name: string) => {
    let reference = organizations.get(name);
    if (!reference) {
      reference = {
        ...add({
          resourceType: 'Organization',
          id: stableUuid(owner, 'organization', name),
          meta: { profile: [JP_CORE_PROFILES.organization] },
          name,
        }),
        display: name,
      };
      organizations.set(name, reference);
    }
    return reference;
  };

  for (const checkup of records.checkups) {
    const performer = checkup.institution ? [organization(checkup.institution)] : undefined;
    // JP_Observation_LabResult needs its specimen (specimen 1..): one per material of the check-up,
    // collected on the exam day.
    const specimens = new Map<string, { reference: string }>();
    const specimenOf = (jlac10: string) => {
      const material = jlac10.slice(9, 12);
      let reference = specimens.get(material);
      if (!reference) {
        const known = SPECIMEN_MATERIALS[material];
        reference = add({
          resourceType: 'Specimen',
          id: stableUuid(owner, 'specimen', checkup.documentId, material),
          meta: { profile: [JP_CORE_PROFILES.specimen] },
          type: known
            ? { coding: [{ system: FHIR_SYSTEMS.specimenType, code: known.code, display: known.display }], text: known.name }
            : { text: `JLAC10 材料コード ${material}` },
          subject: patient,
          collection: { collectedDateTime: checkup.examinedOn },
        });
        specimens.set(material, reference);
      }
      return reference;
    };
    const base = (code: string) => ({
      resourceType: 'Observation',
      id: stableUuid(owner, 'checkup', checkup.documentId, code),
      status: 'final',
      subject: patient,
      effectiveDateTime: checkup.examinedOn,
      ...(performer ? { performer } : {}),
    });
    for (const item of checkup.items) {
      const known = CHECKUP_ITEMS[item.code];
      const body = known && BODY_MEASUREMENTS[known.analyte];
      const laboratory = known?.laboratory === true;
      let described: Json;
      if (known && VITAL.has(known.analyte)) {
        described = {
          meta: { profile: [JP_CORE_PROFILES.vitalSigns] },
          category: [category('vital-signs', 'Vital Signs')],
          code: codeOf(item.code, item.name, false),
        };
      } else if (body) {
        described = {
          meta: { profile: [JP_CORE_PROFILES.bodyMeasurement] },
          category: [
            category('body-measurement', 'Body Measurement'),
            { coding: [{ system: FHIR_SYSTEMS.jpBodyMeasurementCategory, code: body.category[0], display: body.category[1] }] },
          ],
          code: codeOf(item.code, item.name, false, {
            system: FHIR_SYSTEMS.jpBodyMeasurementCode,
            code: body.code[0],
            display: body.code[1],
          }),
        };
      } else if (laboratory) {
        described = {
          meta: { profile: [JP_CORE_PROFILES.labResult] },
          category: [category('laboratory', 'Laboratory')],
          code: codeOf(item.code, item.name, true),
          specimen: specimenOf(item.code),
        };
      } else {
        described = {
          meta: { profile: [JP_CORE_PROFILES.common] },
          category: [category('exam', 'Exam')],
          code: codeOf(item.code, item.name, false),
        };
      }
      let value: Json;
      if (item.kind === 'numeric' && typeof item.value === 'number') {
        const ucum = (item.unit && UCUM[item.unit]) ?? known?.unit;
        value = {
          valueQuantity: {
            value: item.value,
            ...(item.unit ? { unit: item.unit } : {}),
            ...(ucum ? { system: FHIR_SYSTEMS.ucum, code: ucum } : {}),
          },
        };
      } else if (item.kind === 'coded') {
        value = { valueCodeableConcept: { text: String(item.value) } };
      } else {
        value = { valueString: String(item.value) };
      }
      add({ ...base(item.code), ...described, ...value });
    }
    for (const question of QUESTIONS) {
      const answer = checkup.questionnaire?.[question.key];
      if (answer === undefined) continue;
      add({
        ...base(question.code),
        ...(question.socialHistory
          ? { meta: { profile: [JP_CORE_PROFILES.socialHistory] }, category: [category('social-history', 'Social History')] }
          : { meta: { profile: [JP_CORE_PROFILES.common] }, category: [category('survey', 'Survey')] }),
        code: codeOf(question.code, question.name, false),
        ...yesNo(answer),
      });
    }
  }

  for (const dispensing of records.dispensings) {
    const pharmacy = organization(dispensing.pharmacyName);
    for (const [index, medicine] of dispensing.items.entries()) {
      const end = medicine.days ? addDays(dispensing.dispensedOn, medicine.days - 1) : undefined;
      const amount = `1日${medicine.quantity}${medicine.unit}${medicine.days ? `、${medicine.days}日分` : ''}`;
      add({
        resourceType: 'MedicationStatement',
        id: stableUuid(owner, 'dispensing', dispensing.dispensingId, String(index), medicine.yjCode),
        meta: { profile: [JP_CORE_PROFILES.medicationStatement] },
        status: end && end >= today ? 'active' : 'completed',
        medicationCodeableConcept: {
          coding: [{ system: FHIR_SYSTEMS.yj, code: medicine.yjCode, display: medicine.brandName }],
          text: medicine.brandName,
        },
        subject: patient,
        effectivePeriod: { start: dispensing.dispensedOn, ...(end ? { end } : {}) },
        dateAsserted: generatedAt.toISOString(),
        informationSource: pharmacy,
        dosage: [{ text: medicine.usage ? `${medicine.usage}（${amount}）` : amount }],
        note: [
          ...(medicine.genericName ? [{ text: `一般名: ${medicine.genericName}` }] : []),
          ...(medicine.strength ? [{ text: `規格: ${medicine.strength}` }] : []),
          {
            text: `調剤: ${dispensing.pharmacyName}${dispensing.prescribingInstitution ? `（処方: ${dispensing.prescribingInstitution}）` : ''}`,
          },
        ],
      });
    }
  }

  if (records.bills.length > 0) {
    // The insurer as a JP_Organization, with its 保険者番号 under JP Core's URL when known.
    const insurerName = records.insurerName || '加入している健康保険組合';
    const insurer = {
      ...add({
        resourceType: 'Organization',
        id: stableUuid(owner, 'insurer'),
        meta: { profile: [JP_CORE_PROFILES.organization] },
        ...(records.insurerNumber ? { identifier: [{ system: FHIR_SYSTEMS.insurerNumber, value: records.insurerNumber }] } : {}),
        type: [{ coding: [{ system: FHIR_SYSTEMS.organizationType, code: 'pay', display: 'Payer' }] }],
        name: insurerName,
      }),
      display: insurerName,
    };
    const coverage = add({
      resourceType: 'Coverage',
      id: stableUuid(owner, 'coverage'),
      meta: { profile: [JP_CORE_PROFILES.coverage] },
      status: 'active',
      beneficiary: patient,
      payor: [insurer],
    });
    for (const bill of records.bills) {
      const type = CLAIM_TYPES[bill.kind];
      const period = monthPeriod(bill.month);
      const money = (value: number) => ({ value, currency: 'JPY' });
      add({
        resourceType: 'ExplanationOfBenefit',
        id: stableUuid(owner, 'bill', bill.billId),
        status: 'active',
        type: { coding: [{ system: FHIR_SYSTEMS.claimType, code: type.code, display: type.display }], text: type.label },
        use: 'claim',
        patient,
        billablePeriod: period,
        created: period.end,
        insurer,
        provider: organization(bill.institutionName),
        outcome: 'complete',
        insurance: [{ focal: true, coverage }],
        item: [{ sequence: 1, productOrService: { text: type.label }, servicedPeriod: period, quantity: { value: bill.days, unit: '日' } }],
        total: [
          {
            category: {
              coding: [{ system: FHIR_SYSTEMS.adjudication, code: 'submitted', display: 'Submitted Amount' }],
              text: '医療費の総額',
            },
            amount: money(bill.totalCost),
          },
          {
            category: { coding: [{ system: FHIR_SYSTEMS.adjudication, code: 'copay', display: 'CoPay' }], text: '窓口負担額' },
            amount: money(bill.paidAmount),
          },
          {
            category: { coding: [{ system: FHIR_SYSTEMS.adjudication, code: 'benefit', display: 'Benefit Amount' }], text: '保険者負担額' },
            amount: money(bill.totalCost - bill.paidAmount),
          },
        ],
      });
    }
  }

  return {
    resourceType: 'Bundle',
    id: stableUuid(owner, 'bundle', generatedAt.toISOString()),
    meta: { lastUpdated: generatedAt.toISOString() },
    type: 'collection',
    timestamp: generatedAt.toISOString(),
    entry: entries,
  };
}

/** The Bundle as the file the member downloads (application/fhir+json). */
export function mynaFhirFile(records: MynaExportRecords, generatedAt: Date): { fileName: string; mediaType: string; content: string } {
  const day = generatedAt.toISOString().slice(0, 10).replaceAll('-', '');
  return {
    fileName: `sukoyaka-myna-${day}.fhir.json`,
    mediaType: 'application/fhir+json',
    content: `${JSON.stringify(buildMynaFhirBundle(records, generatedAt), null, 2)}\n`,
  };
}
