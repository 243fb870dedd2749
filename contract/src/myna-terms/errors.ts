import { foldForComparison } from '../kana';

/*
 * The area's error codes and the messages members read for them, and the secret question's
 * limits and answer folding: the pages and the bff name them, the schemas too (../myna).
 */

/** The area's own error codes; each is answered with the Japanese message below (as the page shows it). */
export const MynaErrorCodes = {
  /** 403: the member has not agreed to the current version of the My Number terms (/myna_connection/agreements). */
  agreementRequired: 'myna_agreement_required',
  /** 409: agreeing to a version that is not the current one (the page was old): reload and agree again. */
  agreementOutdated: 'myna_agreement_outdated',
  /** 400: the authorization `state` is unknown, already used or expired. */
  stateInvalid: 'myna_state_invalid',
  /** 403: the `state` was issued to another session (another browser or sign-in). */
  stateMismatch: 'myna_state_mismatch',
  /** 400: the portal refused the code (expired, used, or not for this request). */
  codeInvalid: 'myna_code_invalid',
  /** 400: the portal's ID token does not carry the nonce of this request (a replayed or forged answer). */
  nonceMismatch: 'myna_nonce_mismatch',
  /** 409: importing or reading without a linked My Number card. */
  notLinked: 'myna_not_linked',
  /**
   * 409: importing when the link can read nothing more (its access token expired and the portal
   * gave no refresh token, or refused it): the member links the card again.
   */
  relinkRequired: 'myna_relink_required',
  /** 409: the member has not registered a secret question yet (/myna_connection/secret_question/guidance). */
  secretQuestionRequired: 'myna_secret_question_required',
  /** 409: a secret question is registered already; changing it goes through the reset (password step-up). */
  secretQuestionExists: 'myna_secret_question_exists',
  /** 400: the answer is not the registered one (the message says how many tries remain). */
  secretQuestionIncorrect: 'myna_secret_question_incorrect',
  /** 423: five wrong answers in a row lock the secret question for 30 minutes (the message says until when). */
  secretQuestionLocked: 'myna_secret_question_locked',
  /** 400: removal without `confirm: true`. */
  confirmationRequired: 'myna_confirmation_required',
  /** 503: the portal could not be reached, or the connection is not configured. */
  unavailable: 'myna_unavailable',
  /** 409: the year already holds MEDICAL_RECEIPTS_PER_YEAR_MAX hand-entered receipts. */
  medicalReceiptsFull: 'myna_medical_receipts_full',
} as const;
export type MynaErrorCode = (typeof MynaErrorCodes)[keyof typeof MynaErrorCodes];

export const MYNA_MESSAGES = {
  agreementRequired: 'マイナポータル連携の利用規約への同意が必要です。',
  agreementOutdated: '利用規約が更新されています。ページを再読み込みしてから、もう一度同意してください。',
  stateInvalid: 'この連携手続きは無効か、有効期限が切れています。マイナポータル連携のページからもう一度お試しください。',
  stateMismatch: 'この連携手続きは別の画面で開始されたものです。マイナポータル連携のページからもう一度お試しください。',
  codeInvalid: 'マイナポータルとの連携を完了できませんでした。お手数ですが、マイナポータル連携のページからもう一度お試しください。',
  nonceMismatch: 'マイナポータルからの応答を確認できませんでした。お手数ですが、マイナポータル連携のページからもう一度お試しください。',
  notLinked: 'マイナポータルと連携されていません。先にマイナンバーカードで連携してください。',
  relinkRequired: 'マイナポータルとの連携の有効期限が切れています。情報を取り込むには、マイナンバーカードでもう一度連携してください。',
  secretQuestionRequired: '秘密の質問が登録されていません。先に秘密の質問を登録してください。',
  secretQuestionExists: '秘密の質問はすでに登録されています。変更するには、秘密の質問の再設定を行ってください。',
  confirmationRequired: '削除の確認にチェックを入れてください。',
  unavailable: '現在マイナポータルと通信できません。しばらく時間をおいてから再度お試しください。',
} as const;

/** Wrong answers in a row that lock the secret question, and for how long. */
export const MYNA_SECRET_QUESTION_MAX_FAILURES = 5;
export const MYNA_SECRET_QUESTION_LOCK_MINUTES = 30;
/** How long a correct answer lets the member read My Number data (mynaSecretQuestionExpireAt). */
export const MYNA_SECRET_QUESTION_TTL_MINUTES = 15;

export const MYNA_SECRET_ANSWER_MAX = 64;

/**
 * The form an answer is compared in, on both sides: the page's check of the answer typed twice
 * and the bff's hash. Full/half width, katakana/hiragana, case and spacing are folded
 * (foldForComparison), so 「カワサキ」, 「かわさき」 and 「ｶﾜｻｷ」 are one answer.
 */
export function normaliseSecretAnswer(answer: string): string {
  return foldForComparison(answer);
}
