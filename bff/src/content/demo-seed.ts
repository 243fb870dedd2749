import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_POINT_EXPIRY_MONTHS, pointExpiryRule } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  associations,
  announcementReads,
  announcements,
  documentFiles,
  enqueteChoices,
  enqueteQuestions,
  enquetes,
  faqCategories,
  faqQuestions,
  prizeCompetitions,
  siteDocuments,
} from '../db/schema';
import { seedDemoArticles } from './article-demo';

/*
 * The demo's content (README "Content"): announcements (unread ones, one site-wide, one with a
 * link, one read; a future, an expired and another association's — all three invisible), FAQ,
 * an open enquete, the service's terms and media policy and the association's procedures with a
 * downloadable form. Seeded once, with the demo member.
 */

const DAY = 24 * 60 * 60 * 1000;
/** The demo's open enquete, named by the README and the e2e journey. */
export const DEMO_ENQUETE_ID = '5a1c0d3e-0000-4000-8000-00000000e001';

export const TERMS_BODY = [
  '第1条（目的）',
  'この規約は、すこやか（以下「本サービス」）の利用条件を定めるものです。会員は、この規約に同意のうえ本サービスを利用するものとします。',
  '第2条（会員情報の取扱い）',
  '本サービスは、会員が記録した健康情報を、会員本人への表示、ご加入の健康保険組合への提供（会員が同意した場合に限ります）および本サービスの改善のためにのみ利用します。',
  '第3条（禁止事項）',
  '会員は、他人になりすます行為、本サービスの運営を妨げる行為、法令または公序良俗に反する行為をしてはなりません。',
  '第4条（コイン・ポイント）',
  'コインおよびポイントは、本サービスおよび健康保険組合の定める条件で付与され、有効期限を過ぎたものは失効します。換金することはできません。',
  '第5条（規約の変更）',
  '本サービスは、必要に応じてこの規約を変更することがあります。変更後の規約は、本サービス上で公開した時点から効力を生じます。',
].join('\n\n');

const MEDIA_POLICY_BODY = [
  'すこやかのメディアポリシー',
  '本サービスで公開する健康に関する記事・お知らせは、医師・保健師などの専門家の監修のもとで作成しています。',
  '掲載内容は一般的な情報であり、個別の診断や治療に代わるものではありません。体調に不安のある方は、医療機関にご相談ください。',
  '記事の誤りにお気づきの場合は、お問い合わせフォームからお知らせください。確認のうえ、速やかに訂正します。',
].join('\n\n');

const PAPERWORKS_BODY = [
  '各種手続きのご案内',
  '扶養家族の追加・削除、住所変更、保険証の再発行などの手続きは、以下の書類をダウンロードし、必要事項を記入のうえ、勤務先のご担当者を通じて提出してください。',
  '提出先・お問い合わせ：すこやか健康保険組合 適用課（平日 9:00〜17:00）',
].join('\n\n');

/** The dependants' change form as a CSV that opens in a spreadsheet (a BOM, so Excel reads UTF-8). */
export const DEMO_FORM_CSV = `\ufeff項目,記入欄\r\n記号,\r\n番号,\r\n被保険者氏名,\r\n扶養家族氏名,\r\n続柄,\r\n生年月日,\r\n異動の種類（追加・削除）,\r\n異動日,\r\n`;

export async function seedDemoContent(
  tx: Executor,
  demo: { userId: string; associationId: string; otherAssociationId: string },
  now: Date,
): Promise<void> {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const { associationId } = demo;
  // The demo association offers the My Number connection (getNavigationInfo's mynaAvailable).
  await tx.update(associations).set({ mynaAvailable: true }).where(eq(associations.id, associationId));

  await seedDemoArticles(tx, associationId, at);
  await tx.insert(enquetes).values([
    {
      id: DEMO_ENQUETE_ID,
      associationId,
      title: '2026年度 健康づくりアンケート',
      description: '皆さまの健康づくりの取り組みについて教えてください。所要時間は約2分です。回答するとポイントがもらえます。',
      publishedAt: at(-3),
      closesAt: at(30),
    },
  ]);
  const questions = await tx
    .insert(enqueteQuestions)
    .values([
      { enqueteId: DEMO_ENQUETE_ID, position: 1, kind: 'single', text: '週に何日、30分以上の運動をしていますか', required: true },
      {
        enqueteId: DEMO_ENQUETE_ID,
        position: 2,
        kind: 'multiple',
        text: '関心のある健康のテーマを選んでください（複数選択可）',
        required: true,
      },
      {
        enqueteId: DEMO_ENQUETE_ID,
        position: 3,
        kind: 'scale',
        text: 'すこやかの使いやすさを5段階で評価してください',
        required: true,
        scaleMin: 1,
        scaleMax: 5,
        scaleMinLabel: '使いにくい',
        scaleMaxLabel: '使いやすい',
      },
      { enqueteId: DEMO_ENQUETE_ID, position: 4, kind: 'text', text: 'ご意見・ご要望があればお書きください', required: false },
    ])
    .returning();
  const [frequency, themes] = questions as [(typeof questions)[number], (typeof questions)[number]];
  await tx.insert(enqueteChoices).values([
    ...['ほとんどしない', '週1〜2日', '週3〜4日', 'ほぼ毎日'].map((label, index) => ({
      questionId: frequency.id,
      position: index + 1,
      label,
    })),
    ...['食事・栄養', '運動・ウォーキング', '睡眠', 'ストレス・こころの健康', '禁煙'].map((label, index) => ({
      questionId: themes.id,
      position: index + 1,
      label,
    })),
  ]);
  // A draft and another association's enquete: neither is shown to the demo member.
  await tx.insert(enquetes).values([
    { associationId, title: '（下書き）食生活アンケート', description: '' },
    { associationId: demo.otherAssociationId, title: 'みどり健保 利用者アンケート', description: '', publishedAt: at(-1) },
  ]);

  const rows = await tx
    .insert(announcements)
    .values([
      {
        associationId: null,
        title: '11月30日（月）2:00〜5:00 システムメンテナンスのお知らせ',
        category: 'maintenance',
        body: 'システムメンテナンスのため、下記の時間帯はすこやかをご利用いただけません。\n\n日時：11月30日（月）2:00〜5:00\n\nご不便をおかけしますが、ご理解のほどよろしくお願いいたします。',
        publishFrom: at(-2),
        publishedAt: at(-2),
      },
      {
        associationId,
        title: '健康づくりアンケートご協力のお願い',
        category: 'important',
        body: '2026年度の健康づくりアンケートを実施しています。回答いただいた方には30ポイントを差し上げます。\n\n回答期限：12月下旬まで',
        linkPath: `/enquetes/${DEMO_ENQUETE_ID}`,
        linkLabel: 'アンケートに回答する',
        publishFrom: at(-1),
        publishedAt: at(-1),
      },
      {
        associationId,
        title: '冬のウォーキングキャンペーンを開催します',
        category: 'campaign',
        body: '期間中に目標歩数を達成すると、ポイントがもらえます。寒い季節も、体を動かす習慣を続けましょう。',
        linkPath: '/incentives',
        linkLabel: 'コイン・ポイントを見る',
        publishFrom: at(-5),
        publishedAt: at(-5),
      },
      {
        associationId,
        title: '年末年始の窓口休業について',
        category: 'info',
        body: '12月29日（火）から1月3日（日）まで、健康保険組合の窓口は休業いたします。\n\nお急ぎの手続きは、12月28日（月）までにお願いいたします。',
        publishFrom: at(-10),
        publishedAt: at(-10),
      },
      // Invisible: not yet, no longer, a draft, another association's.
      {
        associationId,
        title: '来月の健康セミナーのご案内',
        category: 'info',
        body: 'まだ公開前のお知らせです。',
        publishFrom: at(7),
        publishedAt: at(-1),
      },
      {
        associationId,
        title: '夏の熱中症対策キャンペーン（終了）',
        category: 'campaign',
        body: '掲載期間を過ぎたお知らせです。',
        publishFrom: at(-120),
        publishUntil: at(-1),
        publishedAt: at(-120),
      },
      { associationId, title: '（下書き）お知らせ', category: 'info', body: '下書きです。', publishFrom: at(-1) },
      {
        associationId: demo.otherAssociationId,
        title: 'みどり健康保険組合からのお知らせ',
        category: 'info',
        body: '他の健康保険組合のお知らせです。',
        publishFrom: at(-1),
        publishedAt: at(-1),
      },
    ])
    .returning({ id: announcements.id, title: announcements.title });
  const read = rows.find((row) => row.title === '年末年始の窓口休業について')!;
  await tx.insert(announcementReads).values({ userId: demo.userId, announcementId: read.id, readAt: at(-9) });

  const categories = await tx
    .insert(faqCategories)
    .values([
      { associationId: null, name: 'アカウント・ログイン', position: 1 },
      { associationId, name: 'コイン・ポイント', position: 2 },
      { associationId, name: '健康記録', position: 3 },
      { associationId, name: '（非公開）準備中のカテゴリ', position: 4, visible: false },
    ])
    .returning();
  const [account, points, health, hidden] = categories as [
    (typeof categories)[number],
    (typeof categories)[number],
    (typeof categories)[number],
    (typeof categories)[number],
  ];
  await tx.insert(faqQuestions).values([
    {
      categoryId: account.id,
      position: 1,
      question: 'パスワードを忘れました',
      answer: 'ログイン画面の「パスワードをお忘れの方」から、登録したメールアドレスを入力してください。再設定用のリンクをお送りします。',
    },
    {
      categoryId: account.id,
      position: 2,
      question: 'メールアドレスを変更したい',
      answer: '設定の「メールアドレス変更」から、新しいメールアドレスを登録してください。確認メールのリンクを開くと変更が完了します。',
    },
    {
      categoryId: account.id,
      position: 3,
      question: 'SMS認証（二段階認証）とは何ですか',
      answer: 'ログインの際、パスワードに加えて携帯電話に届く確認コードを入力する仕組みです。アカウントの安全性が高まります。',
    },
    {
      categoryId: points.id,
      position: 1,
      question: 'ポイントの有効期限はいつまでですか',
      // The rule as the points pages state it (contract/src/incentives/expiry.ts), for the demo program's 36 months.
      answer: `${pointExpiryRule(DEFAULT_POINT_EXPIRY_MONTHS)}失効の予定は「ポイント」画面で確認できます。`,
    },
    {
      categoryId: points.id,
      position: 2,
      question: 'コインとポイントの違いは何ですか',
      answer:
        'コインはすこやか共通のもので、ギフトチャレンジに使えます。ポイントは健康保険組合のプログラムごとのもので、ギフトと交換できます。',
    },
    {
      categoryId: health.id,
      position: 1,
      question: 'Fitbitの歩数が反映されません',
      answer: '「Fitbit連携」画面の「今すぐ同期」を押してください。連携の有効期限が切れている場合は、もう一度連携してください。',
    },
    {
      categoryId: health.id,
      position: 2,
      question: '体重を間違えて記録しました',
      answer: '「体重」の記録一覧から該当の記録を選び、修正または削除してください。',
    },
    { categoryId: health.id, position: 3, question: '（非公開）確認中の質問', answer: '非公開です。', visible: false },
    { categoryId: hidden.id, position: 1, question: '非公開カテゴリの質問', answer: '非公開です。' },
  ]);

  const documents = await tx
    .insert(siteDocuments)
    .values([
      { associationId: null, kind: 'terms', version: 1, title: 'すこやか利用規約', body: TERMS_BODY, publishedAt: at(-400) },
      {
        associationId: null,
        kind: 'terms',
        version: 2,
        title: 'すこやか利用規約',
        body: `${TERMS_BODY}\n\n附則\n\n2026年4月1日 改定`,
        publishedAt: at(-30),
      },
      // A version being prepared: not shown until it is published.
      { associationId: null, kind: 'terms', version: 3, title: 'すこやか利用規約（改定案）', body: '改定案です。' },
      { associationId: null, kind: 'media_policy', version: 1, title: 'メディアポリシー', body: MEDIA_POLICY_BODY, publishedAt: at(-400) },
      { associationId, kind: 'paperworks', version: 1, title: '各種手続き', body: PAPERWORKS_BODY, publishedAt: at(-60) },
    ])
    .returning();
  // An open competition the demo member can enter with coins, and a steps challenge (the
  // incentives area's tables; the secret is drawn here and only its hash is shown until the draw).
  const secrets = [randomBytes(32).toString('hex'), randomBytes(32).toString('hex')];
  await tx.insert(prizeCompetitions).values([
    {
      associationId,
      title: '冬の健康グッズ懸賞',
      description: '100コインで応募できます。抽選で体組成計やQUOカードPayが当たります。',
      startsAt: at(-7),
      endsAt: at(21),
      entryKind: 'coins',
      coinCost: 100,
      prizes: JSON.stringify([
        { name: '体組成計', winners: 1 },
        { name: 'QUOカードPay 1,000円分', winners: 10 },
      ]),
      secret: secrets[0]!,
      secretHash: createHash('sha256').update(secrets[0]!).digest('hex'),
      publishedAt: at(-7),
    },
    {
      associationId,
      title: '4週間で20万歩チャレンジ',
      description: '期間中の歩数の合計が20万歩に達した応募者の中から抽選します。',
      startsAt: at(-7),
      endsAt: at(21),
      entryKind: 'steps',
      stepsRequired: 200_000,
      prizes: JSON.stringify([{ name: 'ウォーキングシューズ', winners: 3 }]),
      secret: secrets[1]!,
      secretHash: createHash('sha256').update(secrets[1]!).digest('hex'),
      publishedAt: at(-7),
    },
  ]);

  const paperworks = documents.find((document) => document.kind === 'paperworks')!;
  await tx.insert(documentFiles).values([
    {
      documentId: paperworks.id,
      fileName: '被扶養者異動届.csv',
      contentType: 'text/csv',
      content: Buffer.from(DEMO_FORM_CSV, 'utf8'),
      position: 1,
    },
  ]);
}
