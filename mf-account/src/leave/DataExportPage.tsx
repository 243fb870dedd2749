import { memberDataExportUrl } from '@sukoyaka/contract/account-terms';
import {
  AppLink,
  ButtonLinkStyle,
  List,
  LoadingSkeleton,
  MemberOnly,
  SectionHeading,
  Stack,
  Text,
  useAuthState,
  usePageTitle,
} from '@sukoyaka/shared';
import { Checkbox } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import styled from 'styled-components';
import { CardPage } from '../parts/CardPage';

export const DATA_EXPORT_PATH = '/settings/data_export';

const Downloads = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(1.5)};
  & > a {
    flex: 1 1 14em;
  }
`;

/** What the file holds, in the words of the page. */
const INCLUDED = [
  'プロフィール（メールアドレス、ニックネーム、生年月日、身長、電話番号、健康保険組合）と通知設定、規約への同意',
  '血圧・血糖値・体重・体温・歩数のすべての記録と目標',
  'ポイント・コインの残高と履歴、交換したギフト（デジタルギフトのコードを含みます）、ポイントの規約への同意、キャンペーン・懸賞・ギフトチャレンジの記録',
  '参加したチャレンジとウォーキングイベント（日ごとの歩数を含みます）',
  'アンケートの回答、お問い合わせの内容、保存した記事とクイズの回答、健康予測の保存結果',
];

function Downloader() {
  const { data, isPending, isMynaSecretQuestionAuthenticated } = useAuthState();
  const [includeMyna, setIncludeMyna] = useState(true);
  if (isPending && !data) return <LoadingSkeleton label="本人確認の状態を確認しています" rows={2} />;
  const withMyna = isMynaSecretQuestionAuthenticated && includeMyna;
  return (
    <Stack $gap={2}>
      {isMynaSecretQuestionAuthenticated ? (
        <Checkbox
          name="includeMyna"
          label="マイナポータルから取り込んだ記録も含める"
          description="健診結果・お薬・医療費の記録と、健診の値を使った健康予測の保存結果です。"
          checked={includeMyna}
          onChange={(event) => setIncludeMyna(event.target.checked)}
        />
      ) : (
        <Text $muted>
          マイナポータルから取り込んだ記録と、健診の値を使った健康予測の保存結果は、秘密の質問に回答すると含められます。{' '}
          <AppLink href={`/myna_connection/verify?return_to=${encodeURIComponent(DATA_EXPORT_PATH)}`}>秘密の質問に回答する</AppLink>
        </Text>
      )}
      <Downloads>
        <ButtonLinkStyle href={memberDataExportUrl('json', withMyna)} download>
          JSON形式でダウンロード
        </ButtonLinkStyle>
        <ButtonLinkStyle href={memberDataExportUrl('csv', withMyna)} download $variant="secondary">
          CSV形式（ZIP）でダウンロード
        </ButtonLinkStyle>
      </Downloads>
      <Text $muted>
        JSONは1つのファイルにすべてをまとめた形式、CSVは記録の種類ごとの表計算ソフトで開けるファイルをZIPにまとめた形式です。
        ファイルには健康に関する情報が含まれます。共用のパソコンやスマートフォンでは、保存先にご注意ください。
      </Text>
    </Stack>
  );
}

/** `/settings/data_export`: everything recorded about the member, as a file they keep. */
export function DataExportPage() {
  usePageTitle('データのダウンロード');
  return (
    <CardPage max={720} title="データのダウンロード" headingId="data-export-heading">
      <Text>すこやかに記録されているあなたの情報を、ファイルとしてダウンロードできます。ダウンロードした記録は操作の記録に残ります。</Text>
      <section aria-labelledby="data-export-included">
        <Stack $gap={1}>
          <SectionHeading id="data-export-included">含まれる情報</SectionHeading>
          <List>
            {INCLUDED.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </List>
        </Stack>
      </section>
      <MemberOnly>{() => <Downloader />}</MemberOnly>
      <Text>
        <AppLink href="/profile">アカウント設定に戻る</AppLink>
      </Text>
    </CardPage>
  );
}
