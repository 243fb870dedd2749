import { createHash } from 'node:crypto';
import {
  CDA_NAMESPACE,
  MHLW_ITEM_CODE_SYSTEM,
  MHLW_REPORT_CATEGORY_SYSTEM,
  MHLW_SPECIFIC_CHECKUP_CATEGORY,
} from '@sukoyaka/bff/src/integrations/myna-portal/cda';
import type {
  PortalCheckupDocument,
  PortalDispensing,
  PortalMedicalBill,
  PortalMedicalBillKind,
} from '@sukoyaka/bff/src/integrations/myna-portal/types';

/**
 * The records the fake portal serves: for each subject, three yearly 特定健診 documents (CDA R2 in
 * the MHLW layout), a year of dispensings from two pharmacies, and the bills of each month per
 * institution. Fixed dates and values derived from the subject, so every run serves the same.
 * The demo subject's latest check-up is what the seed and the forecast expect (LDL 142, systolic
 * 132, HDL 52, HbA1c 5.7, non-smoker, male, born 1980-04-01).
 */

export interface FakeMynaPerson {
  subject: string;
  /** The name on the card (what the fake's consent page shows). */
  name: string;
  nameKana: string;
  sex: 'male' | 'female';
  /** yyyy-MM-dd. */
  birthDate: string;
}

export const DEMO_MYNA_PERSON: FakeMynaPerson = {
  subject: 'myna-demo-0001',
  name: 'すこやか 太郎',
  nameKana: 'スコヤカ タロウ',
  sex: 'male',
  birthDate: '1980-04-01',
};

/** One result of a generated document: a number (PQ), a code of the result code table (CO), or text (ST). */
export type FakeCdaItem =
  | { code: string; name: string; type: 'PQ'; value: number; unit: string }
  | { code: string; name: string; type: 'CO'; valueCode: string; display: string; codeSystem?: string }
  | { code: string; name: string; type: 'ST'; text: string }
  /** Not done (未実施): the item is present with a null value, as the specification writes it. */
  | { code: string; name: string; type: 'NULL' };

export interface FakeCdaDocument {
  /** The id extension (root 1.2.392.200119.6.102 + institution number, as the MHLW layout uses). */
  documentId: string;
  examinedOn: string;
  institution: { number: string; name: string };
  person: Pick<FakeMynaPerson, 'nameKana' | 'sex' | 'birthDate'>;
  items: FakeCdaItem[];
  /** 標準的な質問票: 1 = はい, 2 = いいえ. */
  questionnaire?: { smoker?: boolean; onDiabetesMedication?: boolean; onHypertensionMedication?: boolean; onLipidMedication?: boolean };
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);
const hl7 = (day: string) => day.replaceAll('-', '');

function observationXml(item: FakeCdaItem): string {
  const code = `<code code="${item.code}" codeSystem="${MHLW_ITEM_CODE_SYSTEM}" displayName="${escapeXml(item.name)}"/>`;
  let value: string;
  switch (item.type) {
    case 'PQ':
      value = `<value xsi:type="PQ" value="${item.value}" unit="${escapeXml(item.unit)}"/>`;
      break;
    case 'CO':
      value = `<value xsi:type="CO" code="${escapeXml(item.valueCode)}"${item.codeSystem ? ` codeSystem="${item.codeSystem}"` : ''} displayName="${escapeXml(item.display)}"/>`;
      break;
    case 'ST':
      value = `<value xsi:type="ST">${escapeXml(item.text)}</value>`;
      break;
    case 'NULL':
      value = `<value xsi:type="PQ" nullFlavor="NI"/>`;
      break;
  }
  return `        <entry>\n          <observation classCode="OBS" moodCode="EVN">\n            ${code}\n            ${value}\n          </observation>\n        </entry>\n`;
}

const QUESTION_CODES = {
  onHypertensionMedication: ['9N701000000000011', '服薬1（血圧）'],
  onDiabetesMedication: ['9N706000000000011', '服薬2（血糖）'],
  onLipidMedication: ['9N711000000000011', '服薬3（脂質）'],
  smoker: ['9N736000000000011', '喫煙'],
} as const;

/** A 特定健診 document in the MHLW CDA R2 layout (ClinicalDocument, recordTarget, author, serviceEvent, sections of observations). */
export function buildCheckupCda(document: FakeCdaDocument): string {
  const questions = Object.entries(document.questionnaire ?? {})
    .filter(([, yes]) => yes !== undefined)
    .map(([key, yes]) => {
      const [code, name] = QUESTION_CODES[key as keyof typeof QUESTION_CODES];
      return observationXml({ code, name, type: 'CO', valueCode: yes ? '1' : '2', display: yes ? 'はい' : 'いいえ' });
    })
    .join('');
  const day = hl7(document.examinedOn);
  return `<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="${CDA_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>
  <id root="1.2.392.200119.6.102.${document.institution.number}" extension="${escapeXml(document.documentId)}"/>
  <code code="${MHLW_SPECIFIC_CHECKUP_CATEGORY}" codeSystem="${MHLW_REPORT_CATEGORY_SYSTEM}" displayName="特定健診情報"/>
  <effectiveTime value="${day}"/>
  <confidentialityCode code="N" codeSystem="2.16.840.1.113883.5.25"/>
  <recordTarget>
    <patientRole>
      <id root="1.2.392.200119.6.101" extension="06139999"/>
      <patient>
        <name>${escapeXml(document.person.nameKana)}</name>
        <administrativeGenderCode code="${document.person.sex === 'male' ? '1' : '2'}" codeSystem="1.2.392.200119.6.1104"/>
        <birthTime value="${hl7(document.person.birthDate)}"/>
      </patient>
    </patientRole>
  </recordTarget>
  <author>
    <time value="${day}"/>
    <assignedAuthor>
      <id nullFlavor="NI"/>
      <representedOrganization>
        <id root="1.2.392.200119.6.102" extension="${document.institution.number}"/>
        <name>${escapeXml(document.institution.name)}</name>
      </representedOrganization>
    </assignedAuthor>
  </author>
  <custodian>
    <assignedCustodian>
      <representedCustodianOrganization>
        <id nullFlavor="NI"/>
      </representedCustodianOrganization>
    </assignedCustodian>
  </custodian>
  <documentationOf>
    <serviceEvent classCode="PCPR">
      <code code="010" codeSystem="1.2.392.200119.6.1002" displayName="特定健診"/>
      <effectiveTime value="${day}"/>
    </serviceEvent>
  </documentationOf>
  <component>
    <structuredBody>
      <component>
        <section>
          <code code="01010" codeSystem="1.2.392.200119.6.1010" displayName="検査・問診結果セクション"/>
          <title>検査・問診結果セクション</title>
${document.items.map(observationXml).join('')}${questions}        </section>
      </component>
    </structuredBody>
  </component>
</ClinicalDocument>
`;
}

/** Values of one year's check-up. */
interface CheckupValues {
  height: number;
  weight: number;
  waist: number;
  systolic: number;
  diastolic: number;
  triglycerides: number;
  hdl: number;
  ldl: number;
  ast: number;
  alt: number;
  ggt: number;
  fastingGlucose: number;
  hba1c: number;
  creatinine: number;
  egfr: number;
  urineProtein: '－' | '±' | '＋';
}

const round1 = (value: number) => Math.round(value * 10) / 10;

function checkupItems(values: CheckupValues): FakeCdaItem[] {
  const bmi = round1(values.weight / (values.height / 100) ** 2);
  const urineProteinCode = { '－': '1', '±': '2', '＋': '3' }[values.urineProtein];
  return [
    { code: '9N001000000000001', name: '身長', type: 'PQ', value: values.height, unit: 'cm' },
    { code: '9N006000000000001', name: '体重', type: 'PQ', value: values.weight, unit: 'kg' },
    { code: '9N011000000000001', name: 'BMI', type: 'PQ', value: bmi, unit: 'kg/m2' },
    { code: '9N016160100000001', name: '腹囲（実測）', type: 'PQ', value: values.waist, unit: 'cm' },
    { code: '9A751000000000001', name: '収縮期血圧（1回目）', type: 'PQ', value: values.systolic, unit: 'mmHg' },
    { code: '9A761000000000001', name: '拡張期血圧（1回目）', type: 'PQ', value: values.diastolic, unit: 'mmHg' },
    { code: '3F015000002327101', name: '中性脂肪（トリグリセリド）', type: 'PQ', value: values.triglycerides, unit: 'mg/dL' },
    { code: '3F070000002327101', name: 'HDLコレステロール', type: 'PQ', value: values.hdl, unit: 'mg/dL' },
    { code: '3F077000002327101', name: 'LDLコレステロール', type: 'PQ', value: values.ldl, unit: 'mg/dL' },
    { code: '3B035000002327201', name: 'GOT（AST）', type: 'PQ', value: values.ast, unit: 'U/L' },
    { code: '3B045000002327201', name: 'GPT（ALT）', type: 'PQ', value: values.alt, unit: 'U/L' },
    { code: '3B090000002327101', name: 'γ-GT（γ-GTP）', type: 'PQ', value: values.ggt, unit: 'U/L' },
    { code: '3D010000001926101', name: '空腹時血糖', type: 'PQ', value: values.fastingGlucose, unit: 'mg/dL' },
    { code: '3D046000001906202', name: 'HbA1c（NGSP値）', type: 'PQ', value: values.hba1c, unit: '%' },
    { code: '3C015000002327101', name: '血清クレアチニン', type: 'PQ', value: values.creatinine, unit: 'mg/dL' },
    { code: '8A065000002391901', name: 'eGFR', type: 'PQ', value: values.egfr, unit: 'mL/min/1.73m2' },
    { code: '1A020000000191111', name: '尿糖', type: 'CO', valueCode: '1', display: '－' },
    { code: '1A010000000191111', name: '尿蛋白', type: 'CO', valueCode: urineProteinCode, display: values.urineProtein },
    {
      code: '9N141000000000011',
      name: '採血時間',
      type: 'CO',
      valueCode: '2',
      display: '食後10時間以上',
      codeSystem: '1.2.392.200119.6.2202',
    },
  ];
}

/** The demo member's three years: LDL and blood pressure creeping up, HbA1c at the guidance line. */
const DEMO_YEARS: CheckupValues[] = [
  {
    height: 171.2,
    weight: 68.9,
    waist: 83.5,
    systolic: 124,
    diastolic: 78,
    triglycerides: 104,
    hdl: 55,
    ldl: 128,
    ast: 22,
    alt: 24,
    ggt: 35,
    fastingGlucose: 94,
    hba1c: 5.5,
    creatinine: 0.9,
    egfr: 75.1,
    urineProtein: '－',
  },
  {
    height: 171.3,
    weight: 69.8,
    waist: 84.6,
    systolic: 128,
    diastolic: 81,
    triglycerides: 112,
    hdl: 53,
    ldl: 136,
    ast: 23,
    alt: 26,
    ggt: 38,
    fastingGlucose: 96,
    hba1c: 5.6,
    creatinine: 0.91,
    egfr: 73.6,
    urineProtein: '－',
  },
  {
    height: 171.2,
    weight: 70.4,
    waist: 85.5,
    systolic: 132,
    diastolic: 84,
    triglycerides: 118,
    hdl: 52,
    ldl: 142,
    ast: 24,
    alt: 28,
    ggt: 41,
    fastingGlucose: 98,
    hba1c: 5.7,
    creatinine: 0.92,
    egfr: 72.4,
    urineProtein: '±',
  },
];

/** The exam days of the three yearly check-ups (fixed, so every run serves the same documents). */
export const FAKE_CHECKUP_DAYS = ['2024-06-12', '2025-06-11', '2026-06-10'] as const;

const CHECKUP_INSTITUTION = { number: '1312345678', name: '医療法人すこやか会 すこやか健診センター' };

/** A number in [0, 1) from the subject and a label: the same on every run. */
function unit(subject: string, label: string): number {
  return createHash('sha256').update(`${subject}|${label}`).digest().readUInt32BE(0) / 2 ** 32;
}

function yearsFor(person: FakeMynaPerson): CheckupValues[] {
  if (person.subject === DEMO_MYNA_PERSON.subject) return DEMO_YEARS;
  const u = (label: string) => unit(person.subject, label);
  const male = person.sex === 'male';
  const height = round1((male ? 166 : 154) + u('height') * 12);
  return FAKE_CHECKUP_DAYS.map((_, year) => {
    const drift = year * (0.5 + u('drift'));
    return {
      height,
      weight: round1((male ? 60 : 48) + u('weight') * 20 + drift),
      waist: round1((male ? 78 : 72) + u('waist') * 14 + drift),
      systolic: Math.round(110 + u('systolic') * 30 + drift * 2),
      diastolic: Math.round(68 + u('diastolic') * 18 + drift),
      triglycerides: Math.round(70 + u('tg') * 110 + drift * 4),
      hdl: Math.round((male ? 45 : 55) + u('hdl') * 25 - drift),
      ldl: Math.round(95 + u('ldl') * 60 + drift * 3),
      ast: Math.round(16 + u('ast') * 16),
      alt: Math.round(14 + u('alt') * 22),
      ggt: Math.round(18 + u('ggt') * 40),
      fastingGlucose: Math.round(86 + u('glucose') * 22 + drift),
      hba1c: round1(5.1 + u('hba1c') * 0.8 + year * 0.1),
      creatinine: round1((male ? 0.8 : 0.6) + u('cre') * 0.3),
      egfr: round1(68 + u('egfr') * 25 - year),
      urineProtein: u('up') < 0.85 ? '－' : '±',
    };
  });
}

/** The fixed records are as the portal held them on this day (nothing registered later). */
export const FAKE_DATA_AS_OF = '2026-11-20T00:00:00.000Z';

/** When the portal registered a record: weeks after the event (bills take about two months), never after FAKE_DATA_AS_OF. */
const registeredAfter = (day: string, days: number) =>
  new Date(Math.min(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000, Date.parse(FAKE_DATA_AS_OF))).toISOString();

export function fakeCheckupDocuments(person: FakeMynaPerson): PortalCheckupDocument[] {
  const years = yearsFor(person);
  return FAKE_CHECKUP_DAYS.map((examinedOn, index) => {
    const documentId = `${hl7(examinedOn)}-${person.subject}`;
    return {
      documentId: `cda-${documentId}`,
      issuedOn: examinedOn,
      registeredAt: registeredAfter(examinedOn, 45),
      cdaXml: buildCheckupCda({
        documentId,
        examinedOn,
        institution: CHECKUP_INSTITUTION,
        person,
        items: checkupItems(years[index]!),
        questionnaire: { smoker: false, onDiabetesMedication: false, onHypertensionMedication: false, onLipidMedication: false },
      }),
    };
  });
}

/** A new check-up (the test switch "add a new document"): the latest year's values, a later day. */
export function fakeExtraCheckup(
  person: FakeMynaPerson,
  examinedOn: string,
  registeredAt: string,
  sequence: number,
): PortalCheckupDocument {
  const documentId = `${hl7(examinedOn)}-${person.subject}-extra${sequence}`;
  return {
    documentId: `cda-${documentId}`,
    issuedOn: examinedOn,
    registeredAt,
    cdaXml: buildCheckupCda({
      documentId,
      examinedOn,
      institution: CHECKUP_INSTITUTION,
      person,
      items: checkupItems(yearsFor(person)[FAKE_CHECKUP_DAYS.length - 1]!),
      questionnaire: { smoker: false, onDiabetesMedication: false, onHypertensionMedication: false, onLipidMedication: false },
    }),
  };
}

/** Medicines as pharmacies dispense them (YJ codes in the 12-character 個別医薬品コード layout). */
const MEDICINES = {
  fexofenadine: {
    yjCode: '4490023F1027',
    brandName: 'フェキソフェナジン塩酸塩錠60mg「サワイ」',
    genericName: 'フェキソフェナジン塩酸塩',
    strength: '60mg',
    quantity: 2,
    unit: '錠',
    usage: '1日2回 朝夕食後',
  },
  montelukast: {
    yjCode: '4490026F1022',
    brandName: 'モンテルカスト錠10mg「KM」',
    genericName: 'モンテルカストナトリウム',
    strength: '10mg',
    quantity: 1,
    unit: '錠',
    usage: '1日1回 就寝前',
  },
  loxoprofen: {
    yjCode: '1149019F1560',
    brandName: 'ロキソプロフェンNa錠60mg「トーワ」',
    genericName: 'ロキソプロフェンナトリウム水和物',
    strength: '60mg',
    quantity: 1,
    unit: '錠',
    usage: '疼痛時 1回1錠',
  },
  rebamipide: {
    yjCode: '2329021F1021',
    brandName: 'レバミピド錠100mg「オーツカ」',
    genericName: 'レバミピド',
    strength: '100mg',
    quantity: 3,
    unit: '錠',
    usage: '1日3回 毎食後',
  },
  loxoprofenTape: {
    yjCode: '2649735S2026',
    brandName: 'ロキソプロフェンNaテープ100mg「ユートク」',
    genericName: 'ロキソプロフェンナトリウム水和物',
    strength: '100mg',
    quantity: 1,
    unit: '枚',
    usage: '1日1回 患部に貼付',
  },
  famotidine: {
    yjCode: '2325003F2020',
    brandName: 'ファモチジン錠20mg「サワイ」',
    genericName: 'ファモチジン',
    strength: '20mg',
    quantity: 2,
    unit: '錠',
    usage: '1日2回 朝食後・就寝前',
  },
  carbocisteine: {
    yjCode: '2233002F1288',
    brandName: 'カルボシステイン錠500mg「トーワ」',
    genericName: 'L-カルボシステイン',
    strength: '500mg',
    quantity: 3,
    unit: '錠',
    usage: '1日3回 毎食後',
  },
} as const;

type MedicineKey = keyof typeof MEDICINES;

const PHARMACIES = {
  station: 'すこやか薬局 駅前店',
  sakura: 'さくら調剤薬局',
} as const;

const CLINICS = {
  ent: { name: '青葉耳鼻咽喉科クリニック', pharmacy: PHARMACIES.station },
  internal: { name: 'みなと内科クリニック', pharmacy: PHARMACIES.sakura },
  orthopedic: { name: 'ひかり整形外科', pharmacy: PHARMACIES.sakura },
} as const;

type ClinicKey = keyof typeof CLINICS;

/** A year of visits: day, clinic, and what was dispensed for how many days. */
const VISITS: Array<{ day: string; clinic: ClinicKey; medicines: Array<[MedicineKey, number | null]> }> = [
  {
    day: '2025-11-08',
    clinic: 'internal',
    medicines: [
      ['carbocisteine', 5],
      ['famotidine', 14],
    ],
  },
  {
    day: '2025-12-13',
    clinic: 'orthopedic',
    medicines: [
      ['loxoprofen', 10],
      ['rebamipide', 7],
      ['loxoprofenTape', 14],
    ],
  },
  {
    day: '2026-02-07',
    clinic: 'ent',
    medicines: [
      ['fexofenadine', 28],
      ['montelukast', 28],
    ],
  },
  {
    day: '2026-03-07',
    clinic: 'ent',
    medicines: [
      ['fexofenadine', 28],
      ['montelukast', 28],
    ],
  },
  { day: '2026-04-04', clinic: 'ent', medicines: [['fexofenadine', 28]] },
  { day: '2026-05-16', clinic: 'internal', medicines: [['famotidine', 14]] },
  {
    day: '2026-07-11',
    clinic: 'orthopedic',
    medicines: [
      ['loxoprofenTape', 14],
      ['loxoprofen', 10],
    ],
  },
  { day: '2026-09-19', clinic: 'internal', medicines: [['carbocisteine', 7]] },
];

export function fakeDispensings(person: FakeMynaPerson): PortalDispensing[] {
  return VISITS.map((visit, index) => {
    const clinic = CLINICS[visit.clinic];
    return {
      dispensingId: `rx-${person.subject}-${hl7(visit.day)}-${index + 1}`,
      dispensedOn: visit.day,
      pharmacyName: clinic.pharmacy,
      prescribingInstitution: clinic.name,
      registeredAt: registeredAfter(visit.day, 12),
      items: visit.medicines.map(([key, days]) => ({ ...MEDICINES[key], days })),
    };
  });
}

/** 10-yen rounding of the counter payment (3割), as the counter does it. */
const counterShare = (total: number) => Math.round((total * 0.3) / 10) * 10;

export function fakeMedicalBills(person: FakeMynaPerson): PortalMedicalBill[] {
  const bills: PortalMedicalBill[] = [];
  const add = (month: string, institutionName: string, kind: PortalMedicalBillKind, days: number, totalCost: number) =>
    bills.push({
      billId: `bill-${person.subject}-${month.replace('-', '')}-${bills.length + 1}`,
      month,
      institutionName,
      kind,
      days,
      totalCost,
      paidAmount: counterShare(totalCost),
      patientName: person.name,
      registeredAt: registeredAfter(`${month}-01`, 75),
    });
  const jitter = (label: string, spread: number) => Math.round(unit(person.subject, label) * spread) * 10;
  for (const [index, visit] of VISITS.entries()) {
    const month = visit.day.slice(0, 7);
    const clinic = CLINICS[visit.clinic];
    add(month, clinic.name, 'medical', 1, 2_890 + jitter(`visit${index}`, 120));
    const drugDays = Math.max(...visit.medicines.map(([, days]) => days ?? 1));
    add(month, clinic.pharmacy, 'pharmacy', 1, 1_520 + drugDays * 55 + jitter(`rx${index}`, 80));
  }
  // A course of dental treatment over two months.
  add('2026-01', 'まちなか歯科医院', 'dental', 3, 8_460 + jitter('dental1', 60));
  add('2026-02', 'まちなか歯科医院', 'dental', 2, 5_320 + jitter('dental2', 60));
  return bills.sort((a, b) => a.month.localeCompare(b.month) || a.billId.localeCompare(b.billId));
}

/** A person for any other subject (the fake's consent page can link as another card holder). */
export function fakePerson(subject: string): FakeMynaPerson {
  if (subject === DEMO_MYNA_PERSON.subject) return DEMO_MYNA_PERSON;
  const female = unit(subject, 'sex') < 0.5;
  const year = 1960 + Math.floor(unit(subject, 'born') * 25);
  return {
    subject,
    name: female ? 'まいな 花子' : 'まいな 次郎',
    nameKana: female ? 'マイナ ハナコ' : 'マイナ ジロウ',
    sex: female ? 'female' : 'male',
    birthDate: `${year}-0${1 + Math.floor(unit(subject, 'month') * 9)}-15`,
  };
}
