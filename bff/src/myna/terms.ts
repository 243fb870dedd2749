// The My Number connection's terms, versioned: a new version is a new entry with a higher number
// (members who agreed to an older one are asked again before linking or importing). Written after
// the PHR service guideline of MIC, METI and MHLW (「民間PHR事業者による健診等情報の取扱いに関する基本的指針」):
// what is fetched, for what, how it is kept, that it can be exported and deleted at any time, and
// that consent can be withdrawn.
import type { MynaAgreement } from '@sukoyaka/contract';

export interface MynaTerms {
  version: number;
  title: string;
  publishedAt: string;
  sections: MynaAgreement['sections'];
  dataItems: MynaAgreement['dataItems'];
}

export const MYNA_TERMS: readonly MynaTerms[] = [
  {
    version: 1,
    title: 'マイナポータル連携 利用規約（健診等情報の取得・利用に関する同意事項）',
    publishedAt: '2026-10-01T00:00:00+09:00',
    dataItems: [
      { name: '特定健診情報', description: '40歳以上の方が受けた特定健康診査の結果（検査項目ごとの値、質問票の回答）' },
      { name: '薬剤情報', description: '調剤された日付、薬局、処方した医療機関、薬の名前（一般名・YJコード）、用法と量' },
      { name: '医療費通知情報', description: '診療年月ごとの医療機関名、診療区分、日数、医療費の総額と窓口で支払った額' },
    ],
    sections: [
      {
        heading: '取得する情報',
        body: 'マイナンバーカードでマイナポータルと連携すると、すこやかは、あなたが同意した範囲で、保険者がマイナポータルに登録している特定健診情報、薬剤情報、医療費通知情報を取得します。マイナンバー（個人番号）そのものは取得も保存もしません。',
      },
      {
        heading: '利用の目的',
        body: '取得した情報は、あなた自身が健診結果の推移、服薬の履歴、医療費を確認すること、医療費控除の申告用ファイルを作ること、健康予測のシミュレーションに最新の健診結果を使うことにのみ利用します。あなたの同意なく、健康保険組合を含む第三者に提供することはありません。',
      },
      {
        heading: '保管と安全管理',
        body: '取得した情報は、あなた専用の鍵で暗号化（AES-256-GCM）して保管します。閲覧、書き出し、削除のたびに、いつ誰が何件の情報を扱ったかを記録します（記録に健診の値などは含みません）。閲覧の前には、あなたが設定した秘密の質問への回答が必要です。',
      },
      {
        heading: '書き出しと削除',
        body: '取得した情報は、いつでもFHIR形式（JSON）またはCSVで書き出して、ほかのサービスや医療機関で利用できます。また、いつでも「取り込んだ情報と連携を削除する」から、取得したすべての情報と連携を削除できます。削除した情報は元に戻せません。',
      },
      {
        heading: '同意の撤回',
        body: 'この同意はいつでも撤回できます。撤回すると、それ以降の情報の取得は行いません。すでに取得した情報は、あなたが削除するまで閲覧と書き出しができます。撤回の前後にかかわらず、削除はいつでもできます。',
      },
      {
        heading: '規約の変更',
        body: 'この規約を変更するときは、新しい版を公開し、次に情報を取得する前にあらためて同意をお願いします。',
      },
    ],
  },
];

/** The terms in force: the highest version. */
export const currentMynaTerms = (): MynaTerms => MYNA_TERMS.reduce((latest, terms) => (terms.version > latest.version ? terms : latest));
