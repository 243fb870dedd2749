import {
  Card,
  externalLinks,
  Heading,
  LinkRow,
  List,
  LoadingSkeleton,
  MemberOnly,
  OutsideLink,
  PageLayout,
  SectionHeading,
  Stack,
  usePageTitle,
  type UserInfo,
} from '@sukoyaka/shared';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useNavigationInfo } from '../navigation/api/get-navigation-info';

export interface MenuEntry {
  label: string;
  href: string;
  /** A page outside the site (opened through the app inside its web views). */
  outside?: boolean;
}

export interface MenuGroup {
  id: string;
  title: string;
  entries: MenuEntry[];
}

/**
 * Everything a member can do, grouped (issue 27). The association's own terms and the My Number
 * pages depend on the member: their association, and whether it offers the connection.
 */
export function menuGroups({ association, mynaAvailable }: { association: UserInfo['association']; mynaAvailable: boolean }): MenuGroup[] {
  return [
    {
      id: 'menu-records',
      title: '記録',
      entries: [
        { label: 'バイタルの記録（血圧・体重・歩数など）', href: '/vitals' },
        { label: '健康予報（発症リスクのシミュレーション）', href: '/health_forecasts/simulations' },
        { label: '健康予報について', href: '/health_forecasts/simulations/about' },
        { label: '監修医師のご紹介', href: '/doctor_profile01' },
        { label: 'Fitbit 連携', href: '/resource_providers/fitbit/connections' },
      ],
    },
    {
      id: 'menu-incentives',
      title: 'ポイント・ギフト',
      entries: [
        { label: 'コイン・ポイントのトップ', href: '/incentives' },
        { label: 'ポイント（ためる・交換する）', href: '/points' },
        { label: 'コイン（ためる・ギフトチャレンジ）', href: '/coin' },
        { label: '交換したギフト', href: '/incentives/user_gifts' },
        { label: 'キャンペーン', href: '/points/campaign' },
        { label: '今月のチャレンジ', href: '/incentives/challenges' },
        { label: '懸賞', href: '/incentives/competitions' },
        { label: 'ウォーキングイベント', href: '/incentives/walking_events' },
        { label: 'すこやかアプリのご案内', href: '/promotions/app' },
      ],
    },
    ...(mynaAvailable
      ? [
          {
            id: 'menu-myna',
            title: 'マイナポータル連携',
            entries: [
              { label: '健康レポート（健診結果）', href: '/health_reports' },
              { label: 'お薬の履歴', href: '/medication/histories' },
              { label: '医療費', href: '/medical_expenses/bills' },
              { label: 'マイナポータル連携の設定', href: '/myna_connection' },
              { label: '健診結果の一覧', href: '/myna_connection/medical_exams' },
              { label: 'お薬の情報', href: '/myna_connection/medicines' },
              { label: '医療費通知', href: '/myna_connection/medical_bills' },
              { label: '受診時に見せるチェックシート', href: '/myna_connection/check_sheet' },
              { label: '情報の取り込み', href: '/myna_connection/import' },
              { label: 'ファイルに書き出す', href: '/myna_connection/export' },
              { label: '連携の規約と同意の状況', href: '/myna_connection/agreements' },
              { label: '秘密の質問の再設定', href: '/change_secret_question' },
              { label: '取り込んだ情報と連携の削除', href: '/myna_connection/removeSensitives' },
            ],
          },
        ]
      : []),
    {
      id: 'menu-help',
      title: 'お知らせ・ヘルプ',
      entries: [
        { label: 'お知らせ', href: '/announcements' },
        { label: 'アンケート', href: '/enquetes' },
        { label: '健康記事', href: '/articles' },
        { label: 'よくある質問', href: '/faq' },
        { label: 'お問い合わせ', href: '/inquiry/new' },
        { label: '各種手続き・申請書', href: '/paperworks' },
      ],
    },
    {
      id: 'menu-account',
      title: 'アカウント・設定',
      entries: [
        { label: 'プロフィール・アカウント設定', href: '/profile' },
        { label: 'お届け先住所', href: '/profile/address' },
        { label: 'メールアドレスの変更', href: '/settings/email' },
        { label: '通知設定', href: '/settings/notifications' },
        { label: 'SMS認証（2段階認証）', href: '/mfa/setting/sms/intro' },
        { label: '健康情報の提供への同意', href: '/privacy_provision_agreements' },
        { label: 'データのダウンロード', href: '/settings/data_export' },
        { label: '退会', href: '/settings/leave' },
      ],
    },
    {
      id: 'menu-terms',
      title: '規約・ポリシー',
      entries: [
        { label: '利用規約', href: '/terms' },
        ...(association ? [{ label: `${association.name}の規約`, href: `/associations/${association.id}/agreements` }] : []),
        { label: 'メディアポリシー', href: '/media_policy' },
        { label: 'プライバシーポリシー', href: externalLinks.privacyPolicy, outside: true },
      ],
    },
  ];
}

const Rows = styled(List).attrs({ $gap: 0 })`
  li + li {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Groups = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  grid-template-columns: 1fr;
  align-items: start;
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.md}px) { grid-template-columns: 1fr 1fr; }`}
`;

const OutsideRow = styled.div`
  display: flex;
  align-items: center;
  min-height: 48px;
  padding: ${({ theme }) => theme.spacing(1, 0)};
  font-weight: 700;
`;

function Entry({ entry }: { entry: MenuEntry }): ReactNode {
  return entry.outside ? (
    <OutsideRow>
      <OutsideLink href={entry.href}>{entry.label}</OutsideLink>
    </OutsideRow>
  ) : (
    <LinkRow href={entry.href}>{entry.label}</LinkRow>
  );
}

function Menu({ member }: { member: UserInfo }) {
  const { data, error, isPending } = useNavigationInfo();
  if (error) throw error;
  if (isPending) return <LoadingSkeleton label="メニューを読み込んでいます" rows={6} />;
  return (
    <Groups>
      {menuGroups({ association: member.association, mynaAvailable: data.mynaAvailable }).map((group) => (
        <Card key={group.id} aria-labelledby={group.id}>
          <Stack $gap={1}>
            <SectionHeading id={group.id}>{group.title}</SectionHeading>
            <Rows>
              {group.entries.map((entry) => (
                <li key={entry.href}>
                  <Entry entry={entry} />
                </li>
              ))}
            </Rows>
          </Stack>
        </Card>
      ))}
    </Groups>
  );
}

/** `/menu`: the メニュー tab (and the apps' `sukoyaka://menu` in a browser): every page a member can open. */
export function MenuPage() {
  usePageTitle('メニュー');
  return (
    <PageLayout>
      <Stack $gap={2}>
        <Heading>メニュー</Heading>
        <MemberOnly>{(member) => <Menu member={member} />}</MemberOnly>
      </Stack>
    </PageLayout>
  );
}
