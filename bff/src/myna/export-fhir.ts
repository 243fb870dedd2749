// The member's My Number records as one FHIR R4 Bundle (type collection), profiled on JP Core
// (JP Core implementation guide, jpfhir.jp/fhir/core): a JP_Patient; one Observation per check-up
// item — JP_Observation_LabResult for laboratory results, JP_Observation_VitalSigns for blood
// pressure, JP_Observation_BodyMeasurement for height, weight, BMI and waist, and
// JP_Observation_SocialHistory for the questionnaire answers — coded with JLAC10 (MEDIS 17-digit
// code table, urn:oid:1.2.392.200119.4.504, the system JP Core names for it) and the MHLW
// 特定健診項目コード (urn:oid:1.2.392.200119.6.1005), numbers in UCUM; one JP_MedicationStatement
// per dispensed medicine coded with the YJ code (JP Core's system
// http://capstandard.jp/iyaku.info/CodeSystem/YJ-code); and one ExplanationOfBenefit per bill (JP
// Core has no profile for it, so the base R4 resource), with the institutions as Organizations.
// Ids are derived from the records, so exporting twice gives the same Bundle apart from its time.
import { createHash } from 'node:crypto';
import { CHECKUP_ITEMS } from '../integrations/myna-portal/checkup-items';
import type { CheckupAnalyte, PortalMedicalBillKind } from '../integrations/myna-portal/types';

export const FHIR_SYSTEMS = {
  jlac10: 'urn:oid:1.2.392.200119.4.504',
  mhlwCheckupItem: 'urn:oid:1.2.392.200119.6.1005',
  yj: 'http://capstandard.jp/iyaku.info/CodeSystem/YJ-code',
  ucum: 'http://unitsofmeasure.org',
  jpObservationCategory: 'http://jpfhir.jp/fhir/core/CodeSystem/JP_SimpleObservationCategory_CS',
  claimType: 'http://terminology.hl7.org/CodeSystem/claim-type',
  adjudication: 'http://terminology.hl7.org/CodeSystem/adjudication',
} as const;

const JP_CORE = 'http://jpfhir.jp/fhir/core/StructureDefinition';
export const JP_CORE_PROFILES = {
  patient: `${JP_CORE}/JP_Patient`,
  organization: `${JP_CORE}/JP_Organization`,
  labResult: `${JP_CORE}/JP_Observation_LabResult`,
  vitalSigns: `${JP_CORE}/JP_Observation_VitalSigns`,
  bodyMeasurement: `${JP_CORE}/JP_Observation_BodyMeasurement`,
  socialHistory: `${JP_CORE}/JP_Observation_SocialHistory`,
  common: `${JP_CORE}/JP_Observation_Common`,
  medicationStatement: `${JP_CORE}/JP_MedicationStatement`,
  coverage: `${JP_CORE}/JP_Coverage`,
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
const BODY: ReadonlySet<CheckupAnalyte> = new Set(['height', 'weight', 'bmi', 'waist']);

const category = (code: string, display: string) => [{ coding: [{ system: FHIR_SYSTEMS.jpObservationCategory, code, display }] }];

const QUESTIONS: Array<{ key: keyof NonNullable<ExportCheckup['questionnaire']>; code: string; name: string }> = [
  { key: 'onHypertensionMedication', code: '9N701000000000011', name: '服薬1（血圧）' },
  { key: 'onDiabetesMedication', code: '9N706000000000011', name: '服薬2（血糖）' },
  { key: 'onLipidMedication', code: '9N711000000000011', name: '服薬3（脂質）' },
  { key: 'smoker', code: '9N736000000000011', name: '喫煙' },
];

const codeOf = (code: string, name: string) => ({
  coding: [
    { system: FHIR_SYSTEMS.jlac10, code, display: name },
    { system: FHIR_SYSTEMS.mhlwCheckupItem, code, display: name },
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

  const patient = add({
    resourceType: 'Patient',
    id: stableUuid(owner, 'patient'),
    meta: { profile: [JP_CORE_PROFILES.patient] },
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
      const [profile, categoryCode, categoryName] =
        known && VITAL.has(known.analyte)
          ? [JP_CORE_PROFILES.vitalSigns, 'vital-signs', 'Vital Signs']
          : known && BODY.has(known.analyte)
            ? [JP_CORE_PROFILES.bodyMeasurement, 'exam', 'Exam']
            : known?.laboratory
              ? [JP_CORE_PROFILES.labResult, 'laboratory', 'Laboratory']
              : [JP_CORE_PROFILES.common, 'exam', 'Exam'];
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
      add({
        ...base(item.code),
        meta: { profile: [profile] },
        category: category(categoryCode, categoryName),
        code: codeOf(item.code, item.name),
        ...value,
      });
    }
    for (const question of QUESTIONS) {
      const answer = checkup.questionnaire?.[question.key];
      if (answer === undefined) continue;
      add({
        ...base(question.code),
        meta: { profile: [JP_CORE_PROFILES.socialHistory] },
        category: category('social-history', 'Social History'),
        code: codeOf(question.code, question.name),
        valueBoolean: answer,
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
    const insurer = { display: records.insurerName || '加入している健康保険組合' };
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
