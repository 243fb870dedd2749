import type { CallInput, CallName } from '@sukoyaka/contract';

/*
 * One valid example input per call of the contract. The generated suites (contract-fuzz,
 * ownership) start from these: the fuzz breaks one part of a valid input at a time, and the
 * ownership matrix creates a member's data with them. A new call fails ownership.test.ts until it
 * has its line here.
 */

/** What an example may use: the signed-in member's own values. */
export interface ExampleContext {
  userId: string;
  email: string;
  password: string;
  /** yyyy-MM-dd, the member's recorded birthday. */
  birthday: string;
  associationId: string;
  /** The member's association's terms (required) and data-provision consent (optional). */
  termsId: string;
  privacyId: string;
  /** A short random text, distinctive enough to find in any answer. */
  marker: string;
  /** The operator signed in beside the member (same browser, own session): editor of `associationId` only. */
  operatorId: string;
  operatorEmail: string;
  operatorPassword: string;
}

type Examples = { [N in CallName]?: (member: ExampleContext) => CallInput<N> };

/** A reading id no one has. */
const UNKNOWN_READING = '6b0c4f1e-2d3a-4e5b-8c7d-9e0f1a2b3c4d';
/** A point program, gift or campaign id no one has. */
const UNKNOWN_INCENTIVE = '7c1d5a2f-3e4b-4f6c-9d8e-0f1a2b3c4d5e';
/** An announcement, enquete or question id no one has. */
const UNKNOWN_CONTENT = '8d2e6b3a-4f5c-4a7d-8e9f-1a2b3c4d5e6f';
/** A 16 × 16 green PNG. */
export const SMALL_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWPgzvMnCTGMasgbDSXu4Zo0ABD+yAH1sMHIAAAAAElFTkSuQmCC';
/** A My Number record id no one has. */
const UNKNOWN_MYNA_RECORD = '9e3f7c4b-5a6d-4b8e-9fa0-2b3c4d5e6f70';

export const examples: Examples = {
  ping: () => ({}),
  getAuthenticityTokenForClient: () => ({}),
  getSession: () => ({}),
  getAuthState: () => ({}),
  signIn: (member) => ({ email: member.email, password: member.password }),
  getUserInfo: () => ({}),
  saveBloodPressure: () => ({ measuredAt: '2024-05-01T08:30:00+09:00', systolic: 128, diastolic: 82, pulse: 71 }),
  listBloodPressures: () => ({ limit: 1 }),
  getFitbitAuthentication: () => ({}),
  startFitbitAuthorization: () => ({}),
  createUserFitbitConnectionSettings: () => ({ code: 'aUnknownAuthorizationCode', state: 'aUnknownFitbitState_0123456789' }),
  syncFitbit: () => ({}),
  disconnectFitbit: () => ({}),
  validateEmail: (member) => ({ email: `new-${member.marker}@example.jp` }),
  signUp: (member) => ({ email: `new-${member.marker}@example.jp`, password: 'quiet-river-lantern-42', agreedToTerms: true }),
  createUserEmailVerification: () => ({}),
  resendMailUserEmailVerification: () => ({}),
  activateUserEmailVerification: () => ({ token: 'aUnknownMailLinkToken_0123456789' }),
  createPasswordReset: (member) => ({ email: member.email }),
  updatePasswordByResetToken: () => ({ token: 'aUnknownMailLinkToken_0123456789', password: 'quiet-river-lantern-42' }),
  unlockAccount: () => ({ token: 'aUnknownMailLinkToken_0123456789' }),
  // A well-formed token whose signature is not the server's: refused (400), nothing changes.
  unsubscribeNotification: (member) => ({ token: `${member.userId}.points.bm90LXRoZS1zZXJ2ZXJzLXNpZ25hdHVyZV8wMTIzNDU2Nzg` }),
  getUserEmail: () => ({}),
  createUserEmailChange: (member) => ({ email: `moved-${member.marker}@example.jp` }),
  resendMailUserEmailChange: () => ({}),
  activateUserEmailChange: () => ({ token: 'aUnknownMailLinkToken_0123456789' }),
  verifySignInCode: () => ({ code: '123456' }),
  getSmsMfaSetting: () => ({}),
  sendSmsMfaSetupCode: () => ({ phoneNumber: '090-1234-5678' }),
  confirmSmsMfaSetup: () => ({ code: '123456' }),
  disableSmsMfa: () => ({}),
  authenticateUserPassword: (member) => ({ password: member.password }),
  authenticateBirthday: (member) => ({ birthday: member.birthday }),
  verifyOrganization: (member) => ({ insurerNumber: '12345678', memberSymbol: '1234', memberNumber: '5678', birthday: member.birthday }),
  listUserAssociationsByUserID: (member) => ({ userId: member.userId }),
  getAssociation: (member) => ({ associationId: member.associationId }),
  listAssociationAgreements: (member) => ({ associationId: member.associationId }),
  agreeAssociationAgreements: (member) => ({ documentIds: [member.termsId, member.privacyId] }),
  withdrawAssociationAgreement: (member) => ({ documentId: member.privacyId }),
  getNavigationInfo: () => ({}),
  finishOnboarding: () => ({ skipped: false }),
  getNotificationSettings: () => ({}),
  updateNotificationSettings: () => ({ settings: { announcements: true, points: false, health: true, campaigns: false, walking: true } }),
  updateProfile: (member) => ({ nickname: member.marker }),
  // The vitals (issue 10). A correction or deletion names a reading by id: the example's is no
  // one's (404), and the ownership matrix tries each of A's ids in its place.
  updateBloodPressure: () => ({ id: UNKNOWN_READING, measuredAt: '2024-05-01T08:30:00+09:00', systolic: 126, diastolic: 80, pulse: 70 }),
  deleteBloodPressure: () => ({ id: UNKNOWN_READING }),
  saveBloodSugar: () => ({ measuredAt: '2024-05-01T07:00:00+09:00', glucose: 102, timing: 'fasting' }),
  listBloodSugars: () => ({ limit: 1 }),
  updateBloodSugar: () => ({ id: UNKNOWN_READING, measuredAt: '2024-05-01T07:00:00+09:00', glucose: 104, timing: 'fasting' }),
  deleteBloodSugar: () => ({ id: UNKNOWN_READING }),
  saveWeight: () => ({ measuredAt: '2024-05-01T07:05:00+09:00', weight: 68.4, bodyFat: 21.5 }),
  listWeights: () => ({ from: '2024-01-01', to: '2024-12-31', limit: 1 }),
  updateWeight: () => ({ id: UNKNOWN_READING, measuredAt: '2024-05-01T07:05:00+09:00', weight: 68.2 }),
  deleteWeight: () => ({ id: UNKNOWN_READING }),
  saveStep: () => ({ day: '2024-05-01', steps: 8123 }),
  listSteps: () => ({ limit: 1 }),
  updateStep: () => ({ id: UNKNOWN_READING, steps: 9000 }),
  deleteStep: () => ({ id: UNKNOWN_READING }),
  saveBodyTemperature: () => ({ measuredAt: '2024-05-01T07:10:00+09:00', temperature: 36.54 }),
  listBodyTemperatures: () => ({ limit: 1 }),
  updateBodyTemperature: () => ({ id: UNKNOWN_READING, measuredAt: '2024-05-01T07:10:00+09:00', temperature: 36.6 }),
  deleteBodyTemperature: () => ({ id: UNKNOWN_READING }),
  saveSleep: () => ({ startedAt: '2024-04-30T23:30:00+09:00', measuredAt: '2024-05-01T06:45:00+09:00' }),
  listSleeps: () => ({ limit: 1 }),
  updateSleep: () => ({ id: UNKNOWN_READING, startedAt: '2024-04-30T23:00:00+09:00', measuredAt: '2024-05-01T06:30:00+09:00' }),
  deleteSleep: () => ({ id: UNKNOWN_READING }),
  getVitalGoals: () => ({}),
  saveVitalGoals: () => ({ dailySteps: 8000, targetWeight: 65 }),
  getVitalsSummary: () => ({}),
  getHealthForecast: () => ({}),
  saveHealthForecastSnapshot: () => ({ sex: 'female', age: 55, systolic: 128, ldl: 138, hdl: 55, impairedGlucose: false, smoker: false }),
  listHealthForecastSnapshots: () => ({ limit: 1 }),
  listSavedHealthForecasts: () => ({ limit: 1 }),
  deleteHealthForecastSnapshot: () => ({ id: UNKNOWN_READING }),
  getDoctorProfile: () => ({}),
  ingestVitals: (member) => ({
    items: [
      { type: 'weight', clientRecordId: `hk-weight-${member.marker}`, measuredAt: '2024-05-02T07:00:00+09:00', weight: 68.1 },
      { type: 'steps', clientRecordId: `hk-steps-${member.marker}`, day: '2024-05-02', steps: 10234 },
      {
        type: 'bloodPressure',
        clientRecordId: `hk-bp-${member.marker}`,
        measuredAt: '2024-05-02T07:01:00+09:00',
        systolic: 124,
        diastolic: 79,
      },
    ],
  }),
  // Incentives (issue 11). The suite's associations have no point program: a program, gift or
  // campaign is named by an id no one has (404), and the ownership matrix tries A's ids in its place.
  getCoinAccount: () => ({}),
  listCoinTransactions: () => ({ month: '2024-05', limit: 1 }),
  listCoinUserActions: () => ({}),
  getGiftChallengeInfo: () => ({}),
  giftChallenge: () => ({}),
  getEnablePointAccount: () => ({ pointId: UNKNOWN_INCENTIVE }),
  listEnablePointAccounts: () => ({}),
  getPointInfo: () => ({ pointId: UNKNOWN_INCENTIVE }),
  listPointMenus: () => ({ pointId: UNKNOWN_INCENTIVE }),
  listPointTransactions: () => ({ pointId: UNKNOWN_INCENTIVE, limit: 1 }),
  listPointUserActions: () => ({ pointId: UNKNOWN_INCENTIVE }),
  createPointAgreement: () => ({ pointId: UNKNOWN_INCENTIVE }),
  createPointAgreements: () => ({ pointIds: [UNKNOWN_INCENTIVE] }),
  getPointCampaign: () => ({}),
  entryPointCampaign: () => ({ campaignId: UNKNOWN_INCENTIVE }),
  getPointCampaignRedirectURL: () => ({ campaignId: UNKNOWN_INCENTIVE }),
  listPointGifts: () => ({ pointId: UNKNOWN_INCENTIVE }),
  redeemGift: () => ({ giftId: UNKNOWN_INCENTIVE }),
  listVisibleUserGifts: () => ({ limit: 1 }),
  patchUserGift: () => ({ id: UNKNOWN_INCENTIVE, used: true }),
  listGiftUserActions: () => ({ limit: 1 }),
  // Gift delivery (issue 27): the address carries the marker, so the matrix sees it leak if it does.
  getDeliveryAddress: () => ({}),
  saveDeliveryAddress: (member) => ({
    name: 'すこやか 花子',
    postalCode: '100-0001',
    prefecture: '東京都',
    city: '千代田区',
    street: '千代田1-1',
    building: `すこやかビル ${member.marker}`,
    phone: '03-1234-5678',
  }),
  listAnnouncements: () => ({ limit: 1 }),
  readAnnouncement: () => ({ announcementId: UNKNOWN_CONTENT }),
  countUnreadAnnouncements: () => ({}),
  listArticles: () => ({ q: '血圧', limit: 1 }),
  listSavedArticles: () => ({ limit: 1 }),
  getArticle: () => ({ articleId: UNKNOWN_CONTENT }),
  saveArticle: () => ({ articleId: UNKNOWN_CONTENT, saved: true }),
  answerArticleQuiz: () => ({ articleId: UNKNOWN_CONTENT, choice: 0 }),
  getArticleRecommendations: () => ({}),
  listVisibleFaqCategories: () => ({ q: 'パスワード' }),
  createInquiry: (member) => ({ category: 'other', body: `お問い合わせの本文です ${member.marker}` }),
  getSiteDocument: () => ({ kind: 'paperworks' }),
  listOpenEnquetes: () => ({}),
  getEnquete: () => ({ enqueteId: UNKNOWN_CONTENT }),
  answerEnquete: () => ({ enqueteId: UNKNOWN_CONTENT, answers: [{ questionId: UNKNOWN_CONTENT, scale: 3 }] }),
  getCityOSOptInURL: () => ({ target: 'web' }),
  completeCityOSOptIn: () => ({ code: 'aUnknownCityOsCode', state: 'aUnknownCityOsNonce_0123456789' }),
  listOpenPrizeCompetitions: () => ({}),
  enterPrizeCompetition: () => ({ competitionId: UNKNOWN_CONTENT }),
  listOperatorPrizeCompetitions: (member) => ({ associationId: member.associationId }),
  createOperatorPrizeCompetition: (member) => ({
    associationId: member.associationId,
    title: `懸賞 ${member.marker}`,
    startsAt: '2024-05-01T09:00:00+09:00',
    endsAt: '2024-05-31T09:00:00+09:00',
    entryKind: 'coins',
    coinCost: 100,
    prizes: [{ name: 'QUOカードPay 500円分', winners: 1 }],
  }),
  drawOperatorPrizeCompetition: (member) => ({ associationId: member.associationId, competitionId: UNKNOWN_CONTENT }),
  listWalkingEvents: () => ({}),
  getWalkingEvent: () => ({ eventId: UNKNOWN_CONTENT }),
  getWalkingLeaderboard: () => ({ eventId: UNKNOWN_CONTENT, kind: 'teams' }),
  joinWalkingEvent: () => ({ eventId: UNKNOWN_CONTENT }),
  leaveWalkingEvent: () => ({ eventId: UNKNOWN_CONTENT }),
  createWalkingTeam: () => ({ eventId: UNKNOWN_CONTENT, name: 'あるくぞチーム' }),
  getWalkingTeamInvite: () => ({ code: 'AbCdEf123456' }),
  joinWalkingTeam: () => ({ code: 'AbCdEf123456' }),
  leaveWalkingTeam: () => ({ eventId: UNKNOWN_CONTENT }),
  getWalkingTeam: () => ({ eventId: UNKNOWN_CONTENT, teamId: UNKNOWN_CONTENT }),
  listOperatorWalkingEvents: (member) => ({ associationId: member.associationId }),
  createOperatorWalkingEvent: (member) => ({
    associationId: member.associationId,
    programId: UNKNOWN_INCENTIVE,
    title: `ウォーキング ${member.marker}`,
    startsOn: '2024-05-01',
    endsOn: '2024-05-31',
    mode: 'both',
    teamSize: 5,
    finishSteps: 200000,
    finishPoints: 100,
    rankRewards: [{ upToRank: 3, points: 500 }],
  }),
  listOperatorWalkingHeldDays: (member) => ({ associationId: member.associationId, eventId: UNKNOWN_CONTENT }),
  decideOperatorWalkingDay: (member) => ({
    associationId: member.associationId,
    eventId: UNKNOWN_CONTENT,
    dayId: UNKNOWN_CONTENT,
    decision: 'refuse',
  }),
  closeOperatorWalkingEvent: (member) => ({ associationId: member.associationId, eventId: UNKNOWN_CONTENT }),
  // Monthly challenges (issue 29): a challenge no one has; an operator's, of a program no one has.
  listChallenges: () => ({}),
  getChallenge: () => ({ challengeId: UNKNOWN_INCENTIVE }),
  joinChallenge: () => ({ challengeId: UNKNOWN_INCENTIVE }),
  listOperatorChallenges: (member) => ({ associationId: member.associationId }),
  createOperatorChallenge: (member) => ({
    associationId: member.associationId,
    pointId: UNKNOWN_INCENTIVE,
    title: `チャレンジ ${member.marker}`,
    kind: 'step_days',
    targetDays: 15,
    minSteps: 8000,
    points: 100,
  }),
  setOperatorChallengeActive: (member) => ({ associationId: member.associationId, challengeId: UNKNOWN_INCENTIVE, active: false }),
  // Operators (issue 14): as the operator beside the member, editor of the member's association.
  getOperatorSession: () => ({}),
  operatorSignIn: (member) => ({ email: member.operatorEmail, password: member.operatorPassword }),
  verifyOperatorTotp: () => ({ code: '123456' }),
  startOperatorTotpEnrolment: () => ({}),
  confirmOperatorTotpEnrolment: () => ({ code: '123456' }),
  operatorSignOut: () => ({}),
  listOperatorAuditLogs: (member) => ({ associationId: member.associationId, limit: 1 }),
  listOperatorStaff: (member) => ({ associationId: member.associationId }),
  getOperatorRosterSummary: (member) => ({ associationId: member.associationId }),
  lookupOperatorMember: (member) => ({ associationId: member.associationId, by: 'email', email: member.email }),
  getOperatorMemberStats: (member) => ({ associationId: member.associationId, from: '2024-05-01', to: '2024-05-31' }),
  importOperatorRoster: (member) => ({
    associationId: member.associationId,
    csv: `member_symbol,member_number,birthday\n9001,${parseInt(member.marker.slice(-6), 16) % 1_000_000},1990-01-01\n`,
  }),
  getOperatorHealthStats: (member) => ({ associationId: member.associationId, from: '2024-05-01', to: '2024-05-31' }),
  getOperatorDoctorProfile: (member) => ({ associationId: member.associationId }),
  updateOperatorDoctorProfile: (member) => ({
    associationId: member.associationId,
    profile: {
      name: `医師 ${member.marker}`,
      nameKana: 'いし たろう',
      title: '産業医',
      specialty: '内科',
      qualifications: ['日本内科学会 認定内科医'],
      career: ['2010年 医師免許取得'],
      message: '健康づくりを応援します。',
    },
  }),
  listOperatorPointPrograms: (member) => ({ associationId: member.associationId }),
  createOperatorPointProgram: (member) => ({
    associationId: member.associationId,
    name: `ポイント${member.marker}`,
    menus: [{ kind: 'vital_recorded', vitalType: 'weight', title: '体重を記録', points: 10, dailyLimit: 1 }],
  }),
  addOperatorPointMenus: () => ({
    programId: UNKNOWN_INCENTIVE,
    menus: [{ kind: 'step_goal_reached', title: '目標歩数を達成', points: 5 }],
  }),
  addOperatorGift: () => ({ programId: UNKNOWN_INCENTIVE, name: 'QUOカードPay 500円分', cost: 500, kind: 'digital_code' }),
  importOperatorGiftCodes: () => ({ giftId: UNKNOWN_INCENTIVE, csv: 'code\nABCD-0001\n' }),
  // A 16 × 16 PNG for a gift no one has (404); gift-images.test.ts uploads to real gifts.
  setOperatorGiftImage: () => ({ giftId: UNKNOWN_INCENTIVE, alt: '緑の四角', contentBase64: SMALL_PNG_BASE64 }),
  removeOperatorGiftImage: () => ({ giftId: UNKNOWN_INCENTIVE }),
  adjustOperatorPoints: (member) => ({
    programId: UNKNOWN_INCENTIVE,
    memberEmail: member.email,
    direction: 'grant',
    amount: 100,
    reason: 'お詫び',
  }),
  getOperatorPointStats: (member) => ({ associationId: member.associationId, from: '2024-05-01', to: '2024-05-31' }),
  listOperatorGiftOrders: (member) => ({ associationId: member.associationId, status: 'preparing', limit: 1 }),
  exportOperatorGiftOrders: (member) => ({ associationId: member.associationId, from: '2024-05-01', to: '2024-05-31' }),
  shipOperatorGiftOrder: (member) => ({
    associationId: member.associationId,
    orderId: UNKNOWN_INCENTIVE,
    carrier: 'ヤマト運輸',
    trackingNumber: '1234-5678-9012',
  }),
  correctOperatorGiftOrderTracking: (member) => ({
    associationId: member.associationId,
    orderId: UNKNOWN_INCENTIVE,
    carrier: '佐川急便',
    trackingNumber: '9876-5432-1098',
  }),
  cancelOperatorGiftOrder: (member) => ({ associationId: member.associationId, orderId: UNKNOWN_INCENTIVE, reason: '在庫切れのため' }),
  listOperatorAnnouncements: (member) => ({ associationId: member.associationId, limit: 1 }),
  createOperatorAnnouncement: (member) => ({
    associationId: member.associationId,
    publish: true,
    title: `お知らせ ${member.marker}`,
    category: 'info',
    body: '本文です。',
    linkPath: '/faq',
    publishFrom: '2024-05-01T09:00:00+09:00',
  }),
  updateOperatorAnnouncement: (member) => ({
    associationId: member.associationId,
    announcementId: UNKNOWN_CONTENT,
    title: 'お知らせ',
    category: 'info',
    body: '本文です。',
    publishFrom: '2024-05-01T09:00:00+09:00',
  }),
  publishOperatorAnnouncement: (member) => ({ associationId: member.associationId, announcementId: UNKNOWN_CONTENT, published: true }),
  listOperatorFaq: (member) => ({ associationId: member.associationId }),
  saveOperatorFaqCategory: (member) => ({ associationId: member.associationId, name: `カテゴリ ${member.marker}` }),
  saveOperatorFaqQuestion: (member) => ({
    associationId: member.associationId,
    categoryId: UNKNOWN_CONTENT,
    question: '質問です',
    answer: '回答です。',
  }),
  listOperatorDocuments: (member) => ({ associationId: member.associationId }),
  createOperatorDocumentVersion: (member) => ({
    associationId: member.associationId,
    title: '各種手続き',
    body: `本文 ${member.marker}`,
    files: [{ fileName: 'form.csv', contentType: 'text/csv', contentBase64: 'YSxiDQo=' }],
  }),
  publishOperatorDocumentVersion: (member) => ({ associationId: member.associationId, documentId: UNKNOWN_CONTENT }),
  listOperatorEnquetes: (member) => ({ associationId: member.associationId }),
  createOperatorEnquete: (member) => ({
    associationId: member.associationId,
    title: `アンケート ${member.marker}`,
    questions: [{ kind: 'single', text: '運動していますか', required: true, choices: ['はい', 'いいえ'] }],
  }),
  publishOperatorEnquete: (member) => ({ associationId: member.associationId, enqueteId: UNKNOWN_CONTENT }),
  closeOperatorEnquete: (member) => ({ associationId: member.associationId, enqueteId: UNKNOWN_CONTENT }),
  getOperatorEnqueteResults: (member) => ({ associationId: member.associationId, enqueteId: UNKNOWN_CONTENT }),
  listOperatorArticles: (member) => ({ associationId: member.associationId, limit: 1 }),
  createOperatorArticle: (member) => ({
    associationId: member.associationId,
    publish: true,
    title: `健康記事 ${member.marker}`,
    category: 'lipids',
    body: '## 見出し\n\n本文です。',
    quiz: { question: '問題です', correctChoice: 'はい', otherChoices: ['いいえ'], explanation: '解説です。' },
    publishFrom: '2024-05-01T09:00:00+09:00',
  }),
  updateOperatorArticle: (member) => ({
    associationId: member.associationId,
    articleId: UNKNOWN_CONTENT,
    title: '健康記事',
    category: 'lipids',
    body: '本文です。',
    publishFrom: '2024-05-01T09:00:00+09:00',
  }),
  publishOperatorArticle: (member) => ({ associationId: member.associationId, articleId: UNKNOWN_CONTENT, published: true }),
  setOperatorArticleImage: (member) => ({
    associationId: member.associationId,
    articleId: UNKNOWN_CONTENT,
    alt: '野菜を使った料理の写真',
    contentBase64: SMALL_PNG_BASE64,
  }),
  removeOperatorArticleImage: (member) => ({ associationId: member.associationId, articleId: UNKNOWN_CONTENT }),
  // My Number Portal (issue 12). The member has no link: the portal steps are refused, and the
  // records answer empty once the secret question (registered here) has been answered.
  getMynaAgreement: () => ({}),
  createMynaAgreement: () => ({ version: 1 }),
  withdrawMynaAgreement: () => ({}),
  getMynaConnectionState: () => ({}),
  getMynaAuthorizationURL: () => ({}),
  verifyMynaAuthorization: () => ({ code: 'aUnknownAuthorizationCode', state: 'aUnknownMynaState_0123456789' }),
  createMynaImport: () => ({}),
  listMynaSecretQuestions: () => ({}),
  getUserMynaSecretQuestion: () => ({}),
  createUserMynaSecretQuestion: () => ({ questionId: 'first_pet', answer: 'ぽち' }),
  authenticateUserMynaSecretQuestion: () => ({ answer: 'ぽち' }),
  resetUserMynaSecretQuestion: () => ({}),
  listMynaMedicalExams: () => ({ limit: 1 }),
  getMynaMedicalExam: () => ({ id: UNKNOWN_MYNA_RECORD }),
  listMynaMedicines: () => ({ limit: 1 }),
  listMynaMedicalBills: () => ({ limit: 1 }),
  exportMynaHealthFiles: () => ({ format: 'csv' }),
  removeMynaSensitives: () => ({ confirm: true }),
  listMynaMedicalReceipts: () => ({ year: 2026 }),
  createMynaMedicalReceipt: () => ({
    patientName: 'すこやか 太郎',
    payee: 'すこやか歯科',
    paidOn: '2026-01-15',
    category: 'treatment',
    amount: 5400,
    compensation: 0,
  }),
  updateMynaMedicalReceipt: () => ({
    id: UNKNOWN_MYNA_RECORD,
    patientName: 'すこやか 太郎',
    payee: 'すこやか歯科',
    paidOn: '2026-01-15',
    category: 'treatment',
    amount: 5400,
    compensation: 1000,
  }),
  deleteMynaMedicalReceipt: () => ({ id: UNKNOWN_MYNA_RECORD }),
  getLeaveServiceSummary: () => ({}),
  leaveService: () => ({ confirm: true }),
};

/**
 * Calls the ownership matrix leaves out, each with why: they name no stored data of a member by
 * id, cursor or token, only an e-mail address and a password, and they act on the session or
 * mailbox rather than on a member's records.
 */
export const ownershipExempt: { [N in CallName]?: string } = {
  signIn: 'starts a new session from an address and a password: the matrix keeps B signed in as B',
  signUp: 'creates a new account from an address and a password; names no stored data of a member',
  createPasswordReset: "mails a link to the address given and answers the same whether or not it is anyone's",
  operatorSignIn: "starts a new operator session from an address and a password: the matrix keeps B's operator signed in as B",
  operatorSignOut: "ends the caller's own operator session and names nothing: the matrix keeps B's operator signed in",
  leaveService:
    "ends the caller's own account and names no stored data by id: the matrix keeps A signed in (leaving is tested in leave-and-export.test.ts)",
};

/** The example of a call, for a member; undefined when the call has none (a test fails then). */
export function exampleFor(name: CallName, member: ExampleContext): Record<string, unknown> | undefined {
  const make = examples[name] as ((member: ExampleContext) => Record<string, unknown>) | undefined;
  return make?.(member);
}
