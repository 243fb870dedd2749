import type {
  MynaAgreement,
  MynaConnectionState,
  MynaDispensing,
  MynaExam,
  MynaExamSummary,
  MynaImport,
  UserMynaSecretQuestion,
} from '@sukoyaka/contract';
import { freezeClock, reply, setupFakeBff, type FakeBff } from '@sukoyaka/shared/testing';

/*
 * The bff's answers for the component tests. Times are local wall-clock times (jest runs in the
 * machine's zone), so '2026年11月21日(土) 10:30' holds in any zone.
 */
export const NOW = new Date(2026, 10, 21, 12, 0);
export const at = (month: number, day: number, hour: number, minute = 0) => new Date(2026, month - 1, day, hour, minute).toISOString();

export const member = {
  userId: 'u1',
  email: 'taro@example.jp',
  nickname: 'たろう',
  association: { id: 'a1', name: 'すこやか健康保険組合' },
};

/** The session and member every page reads first. */
export function signedIn(bff: FakeBff): void {
  bff.withAuthenticityToken('token-1');
  bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
  bff.onCall('getUserInfo', reply(member));
}

/**
 * The fake bff of a page test: the member signed in and the clock at NOW before each test; real
 * timers and the address back at / after it.
 */
export function setupSignedInAtNow(): FakeBff {
  const bff = setupFakeBff();
  beforeEach(() => {
    freezeClock(NOW);
    signedIn(bff);
  });
  afterEach(() => {
    jest.useRealTimers();
    window.history.replaceState(null, '', '/');
  });
  return bff;
}

export const EXAM_ID = '6f1c2b7a-1d2e-4c3b-9a8f-0e1d2c3b4a59';
export const OLD_EXAM_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

export function job(overrides: Partial<MynaImport> = {}): MynaImport {
  return {
    id: 'job-1',
    status: 'succeeded',
    phase: 'done',
    counts: {
      medicalExams: { fetched: 3, added: 3 },
      medicines: { fetched: 12, added: 12 },
      medicalBills: { fetched: 24, added: 24 },
    },
    failureReason: null,
    requestedAt: at(11, 21, 10, 0),
    startedAt: at(11, 21, 10, 0),
    finishedAt: at(11, 21, 10, 1),
    ...overrides,
  };
}

/** A member linked, with a secret question answered until 12:15 (NOW is 12:00) and records. */
export function connection(overrides: Partial<MynaConnectionState> = {}): MynaConnectionState {
  return {
    available: true,
    agreement: { agreed: true, currentVersion: 1, agreedVersion: 1 },
    linked: true,
    linkedAt: at(11, 20, 9, 0),
    relinkRequired: false,
    secretQuestion: { registered: true, lockedUntil: null, authenticatedUntil: at(11, 21, 12, 15) },
    hasRecords: true,
    lastImportedAt: at(11, 21, 10, 1),
    latestImport: job(),
    ...overrides,
  };
}

export const unlinked = (): MynaConnectionState =>
  connection({
    agreement: { agreed: false, currentVersion: 1, agreedVersion: null },
    linked: false,
    linkedAt: null,
    secretQuestion: { registered: false, lockedUntil: null, authenticatedUntil: null },
    hasRecords: false,
    lastImportedAt: null,
    latestImport: null,
  });

export function agreement(overrides: Partial<MynaAgreement> = {}): MynaAgreement {
  return {
    version: 2,
    title: 'マイナポータル連携 利用規約',
    publishedAt: at(10, 1, 9, 0),
    sections: [
      { heading: '利用の目的', body: 'ご本人が健康状態をふり返るために使います。' },
      { heading: '書き出しと削除', body: 'いつでもファイルに書き出し、削除できます。' },
    ],
    dataItems: [
      { name: '特定健診情報', description: '健診の検査値と判定' },
      { name: '薬剤情報', description: '調剤されたお薬' },
      { name: '医療費通知情報', description: '月ごとの医療費' },
    ],
    agreed: false,
    agreedVersion: null,
    agreedAt: null,
    history: [],
    ...overrides,
  };
}

export function userQuestion(overrides: Partial<UserMynaSecretQuestion> = {}): UserMynaSecretQuestion {
  return {
    registered: true,
    question: { id: 'first_pet', text: 'はじめて飼ったペットの名前は？' },
    remainingAttempts: 5,
    lockedUntil: null,
    mynaSecretQuestionExpireAt: null,
    ...overrides,
  };
}

export const examSummary = (overrides: Partial<MynaExamSummary> = {}): MynaExamSummary => ({
  id: EXAM_ID,
  examinedOn: '2026-06-12',
  fiscalYear: 2026,
  institutionName: 'すこやかクリニック',
  guidanceCount: 2,
  seeDoctorCount: 1,
  itemCount: 24,
  ...overrides,
});

export function exam(): MynaExam {
  return {
    ...examSummary(),
    sex: 'male',
    age: 46,
    items: [
      {
        code: '9N001000000000001',
        name: '身長',
        group: 'body',
        value: 170.2,
        valueText: '170.2',
        unit: 'cm',
        judgement: null,
        referenceText: null,
        trend: [],
      },
      {
        code: '9A751000000000001',
        name: '収縮期血圧',
        group: 'blood_pressure',
        value: 132,
        valueText: '132',
        unit: 'mmHg',
        judgement: 'guidance',
        referenceText: '保健指導判定値 130mmHg以上／受診勧奨判定値 140mmHg以上',
        trend: [
          { examId: OLD_EXAM_ID, examinedOn: '2025-06-10', value: 126, valueText: '126', judgement: 'normal' },
          { examId: EXAM_ID, examinedOn: '2026-06-12', value: 132, valueText: '132', judgement: 'guidance' },
        ],
      },
      {
        code: '3F077000002327101',
        name: 'LDLコレステロール',
        group: 'lipids',
        value: 152,
        valueText: '152',
        unit: 'mg/dL',
        judgement: 'see_doctor',
        referenceText: '保健指導判定値 120mg/dL以上／受診勧奨判定値 140mg/dL以上',
        trend: [
          { examId: OLD_EXAM_ID, examinedOn: '2025-06-10', value: 138, valueText: '138', judgement: 'guidance' },
          { examId: EXAM_ID, examinedOn: '2026-06-12', value: 152, valueText: '152', judgement: 'see_doctor' },
        ],
      },
      {
        code: '3D046000001906202',
        name: 'HbA1c（NGSP）',
        group: 'glucose',
        value: 5.4,
        valueText: '5.4',
        unit: '%',
        judgement: 'normal',
        referenceText: '保健指導判定値 5.6%以上／受診勧奨判定値 6.5%以上',
        trend: [{ examId: EXAM_ID, examinedOn: '2026-06-12', value: 5.4, valueText: '5.4', judgement: 'normal' }],
      },
      {
        code: '1A020000000191111',
        name: '尿蛋白',
        group: 'urine',
        value: null,
        valueText: '－',
        unit: null,
        judgement: null,
        referenceText: null,
        trend: [],
      },
    ],
  };
}

export const dispensing = (overrides: Partial<MynaDispensing> = {}): MynaDispensing => ({
  id: 'd-1',
  dispensedOn: '2026-11-02',
  pharmacyName: 'すこやか薬局 本町店',
  prescriberName: '本町内科クリニック',
  medicines: [
    {
      name: 'アムロジピン錠5mg「サワイ」',
      genericName: 'アムロジピンベシル酸塩',
      yjCode: '2171022F1093',
      usage: '1日1回 朝食後',
      dose: '1錠',
      quantity: 28,
      unit: '錠',
      days: 28,
      form: '内服',
    },
  ],
  ...overrides,
});

export const billsPage = (overrides: Record<string, unknown> = {}) => ({
  year: 2026,
  years: [2026, 2025],
  yearTotals: { count: 3, totalCost: 48_000, paidAmount: 14_400 },
  months: [
    { month: '2026-10', count: 2, totalCost: 38_000, paidAmount: 11_400 },
    { month: '2026-09', count: 1, totalCost: 10_000, paidAmount: 3_000 },
  ],
  bills: [
    {
      id: 'b-1',
      month: '2026-10',
      institutionName: '本町内科クリニック',
      category: 'outpatient',
      days: 2,
      totalCost: 30_000,
      paidAmount: 9_000,
      publicExpense: 0,
    },
    {
      id: 'b-2',
      month: '2026-10',
      institutionName: 'すこやか薬局 本町店',
      category: 'dispensing',
      days: 1,
      totalCost: 8_000,
      paidAmount: 2_400,
      publicExpense: 0,
    },
    {
      id: 'b-3',
      month: '2026-09',
      institutionName: 'みなと歯科',
      category: 'dental',
      days: 1,
      totalCost: 10_000,
      paidAmount: 3_000,
      publicExpense: 0,
    },
  ],
  nextCursor: null,
  ...overrides,
});
