/*
 * What the operators' console shows of the operators area's calls without a schema (issue 27's
 * script budget): the audit log's actions and their names. A module of its own
 * (`@sukoyaka/contract/operator-terms`), without zod: the audit page names them as it loads, and
 * loads the operators' schemas only when a form is used.
 */

/*
 * The operators' audit log. Every action the bff records for an operator (platform/operators.ts
 * `auditOperator`, whose `action` is typed by this record) has its Japanese label and the kind of
 * thing it acted on here, in one place: the bff writes only these names, mf-admin shows and
 * filters by these labels, and a test reads the bff's sources for any name missing here.
 */

/** What an action acted on, in Japanese. */
export const operatorAuditTargetLabels = {
  operatorAccount: '運営担当者のアカウント',
  announcement: 'お知らせ',
  article: '健康記事',
  enquete: 'アンケート',
  faq: 'よくある質問',
  document: '手続き・書類',
  walkingEvent: 'ウォーキングイベント',
  competition: '懸賞',
  challenge: 'チャレンジ',
  pointProgram: 'ポイント',
  gift: 'ギフト',
  memberPoints: '会員のポイント',
  member: '会員',
  roster: '名簿',
  doctorProfile: '監修医',
} as const;
export type OperatorAuditTarget = keyof typeof operatorAuditTargetLabels;

/**
 * Every action recorded for an operator (stored as `operator_<action>`), with its label and
 * target. The sign-in steps have no association and do not appear in an association's log.
 */
export const operatorAuditActions = {
  sign_in: { label: 'ログイン', target: 'operatorAccount' },
  sign_in_failed: { label: 'ログインの失敗', target: 'operatorAccount' },
  password_verified: { label: 'パスワードの確認', target: 'operatorAccount' },
  totp_enrolment_started: { label: '2段階認証の登録開始', target: 'operatorAccount' },
  totp_enrolled: { label: '2段階認証の登録', target: 'operatorAccount' },
  sign_out: { label: 'ログアウト', target: 'operatorAccount' },
  announcement_created: { label: 'お知らせの作成', target: 'announcement' },
  announcement_updated: { label: 'お知らせの編集', target: 'announcement' },
  announcement_published: { label: 'お知らせの公開', target: 'announcement' },
  announcement_unpublished: { label: 'お知らせの非公開', target: 'announcement' },
  article_created: { label: '健康記事の作成', target: 'article' },
  article_updated: { label: '健康記事の編集', target: 'article' },
  article_published: { label: '健康記事の公開', target: 'article' },
  article_unpublished: { label: '健康記事の非公開', target: 'article' },
  article_image_set: { label: '健康記事の画像の設定', target: 'article' },
  article_image_removed: { label: '健康記事の画像の削除', target: 'article' },
  enquete_created: { label: 'アンケートの作成', target: 'enquete' },
  enquete_published: { label: 'アンケートの公開', target: 'enquete' },
  enquete_closed: { label: 'アンケートの締め切り', target: 'enquete' },
  enquete_results_viewed: { label: 'アンケート結果の閲覧', target: 'enquete' },
  faq_category_created: { label: 'よくある質問のカテゴリの作成', target: 'faq' },
  faq_category_updated: { label: 'よくある質問のカテゴリの変更', target: 'faq' },
  faq_question_created: { label: 'よくある質問の作成', target: 'faq' },
  faq_question_updated: { label: 'よくある質問の変更', target: 'faq' },
  document_version_created: { label: '書類の新しい版の作成', target: 'document' },
  document_version_published: { label: '書類の版の公開', target: 'document' },
  competition_created: { label: '懸賞の作成', target: 'competition' },
  competition_drawn: { label: '懸賞の抽選', target: 'competition' },
  walking_event_created: { label: 'ウォーキングイベントの作成', target: 'walkingEvent' },
  walking_day_decided: { label: 'ウォーキングの確認中の日の判定', target: 'walkingEvent' },
  walking_event_closed: { label: 'ウォーキングイベントの締め', target: 'walkingEvent' },
  challenge_created: { label: 'チャレンジの作成', target: 'challenge' },
  challenge_offered: { label: 'チャレンジの提供の再開', target: 'challenge' },
  challenge_withdrawn: { label: 'チャレンジの提供の停止', target: 'challenge' },
  point_program_created: { label: 'ポイントの作成', target: 'pointProgram' },
  point_menus_added: { label: 'ポイントメニューの追加', target: 'pointProgram' },
  gift_added: { label: 'ギフトの追加', target: 'gift' },
  gift_image_set: { label: 'ギフト画像の設定', target: 'gift' },
  gift_image_removed: { label: 'ギフト画像の削除', target: 'gift' },
  gift_codes_imported: { label: 'ギフトコードの取り込み', target: 'gift' },
  gift_orders_exported: { label: '配送用CSVの出力', target: 'gift' },
  gift_order_shipped: { label: 'ギフトの発送', target: 'gift' },
  gift_order_tracking_corrected: { label: '追跡番号の訂正', target: 'gift' },
  gift_order_cancelled: { label: 'ギフトの注文の取り消し', target: 'gift' },
  points_granted: { label: 'ポイントの付与', target: 'memberPoints' },
  points_revoked: { label: 'ポイントの取り消し', target: 'memberPoints' },
  member_looked_up: { label: '会員の検索', target: 'member' },
  roster_imported: { label: '名簿の取り込み', target: 'roster' },
  doctor_profile_updated: { label: '監修医の更新', target: 'doctorProfile' },
} as const satisfies Record<string, { label: string; target: OperatorAuditTarget }>;
export type OperatorAuditAction = keyof typeof operatorAuditActions;
export const operatorAuditActionNames = Object.keys(operatorAuditActions) as [OperatorAuditAction, ...OperatorAuditAction[]];

/** The stored event of an action (`operator_<action>`), as `listOperatorAuditLogs` answers it. */
export const operatorAuditEvent = (action: OperatorAuditAction) => `operator_${action}`;

/** The action of a stored event, or null for an event this contract does not know. */
export function operatorAuditActionOf(event: string): OperatorAuditAction | null {
  const action = event.replace(/^operator_/, '');
  return Object.hasOwn(operatorAuditActions, action) ? (action as OperatorAuditAction) : null;
}
