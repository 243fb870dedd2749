import {
  AppError,
  AppLink,
  AreaParcel,
  Card,
  Heading,
  List,
  LoadingSkeleton,
  PageLayout,
  SectionHeading,
  SignupBanner,
  Stack,
  Text,
  usePageTitle,
  useUserInfo,
  type UserInfo,
} from '@sukoyaka/shared';
import { useEffect } from 'react';
import styled from 'styled-components';
import { RecommendedArticlesCard } from '../content/articles/RecommendedArticlesCard';
import { CityOsCard } from '../content/CityOsCard';
import { useNavigationInfo } from '../navigation/api/get-navigation-info';
import { redirectTo } from '../navigation/redirect';
import { greetingAt } from './greeting';
import { AnnouncementsCard, CompetitionsCard, EnquetesCard, NextActionCard } from './HomeCards';

const Tiles = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  grid-template-columns: 1fr;
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { grid-template-columns: 1fr 1fr; }`}
`;

const Links = styled(List).attrs({ $gap: 1 })`
  a {
    display: inline-block;
    min-height: 44px;
    padding: ${({ theme }) => theme.spacing(1, 0)};
    font-weight: 700;
  }
`;

/**
 * The greeting breaks only after 「さん、」 or at a space: Chromium's phrase model would split
 * 「おはよう／ございます」 at 320 px; a name longer than the line still wraps (overflow-wrap).
 */
const Greeting = styled(Heading)`
  word-break: keep-all;
`;

function MemberHome({ member, mynaAvailable }: { member: UserInfo; mynaAvailable: boolean }) {
  return (
    <Stack $gap={3}>
      <Stack $gap={1}>
        {/* One string, kept whole between its spaces and commas: never 「こんに／ちは」 nor 「おはよう／ございます」 (issue 27). */}
        <Greeting>{`${member.nickname}さん、${greetingAt(new Date())}`}</Greeting>
        {member.association ? <Text $muted>{member.association.name}</Text> : null}
      </Stack>
      <Tiles>
        <Card aria-labelledby="home-next">
          <NextActionCard />
        </Card>
        {/* Each widget is a parcel of the area that owns it (DESIGN.md), loaded on its own. */}
        <Card>
          <AreaParcel area="@sukoyaka/health" name="VitalsTodayParcel" label="今日のバイタルを読み込んでいます" />
        </Card>
        <Card>
          <AreaParcel area="@sukoyaka/incentives" name="IncentivesBalanceParcel" label="コイン・ポイントを読み込んでいます" />
        </Card>
        <Card>
          <AreaParcel area="@sukoyaka/incentives" name="ChallengesProgressParcel" label="今月のチャレンジを読み込んでいます" />
        </Card>
        {/* Each card of this area loads on its own too: a failure stays in its card. */}
        <Card aria-labelledby="home-announcements">
          <AnnouncementsCard />
        </Card>
        <Card aria-labelledby="home-articles">
          <RecommendedArticlesCard />
        </Card>
        <Card aria-labelledby="home-enquetes">
          <EnquetesCard />
        </Card>
        <Card aria-labelledby="home-competitions">
          <CompetitionsCard />
        </Card>
        <Card aria-labelledby="home-city-os">
          <CityOsCard />
        </Card>
        {/* Only where the association offers the My Number connection (getNavigationInfo). */}
        {mynaAvailable ? (
          <Card aria-labelledby="home-myna">
            <Stack $gap={1.5}>
              <SectionHeading id="home-myna">健診・お薬・医療費</SectionHeading>
              <Text $muted>マイナンバーカードでマイナポータルと連携すると、健診結果やお薬、医療費の情報を確認できます。</Text>
              <Links>
                <li>
                  <AppLink href="/health_reports">健康レポート（健診結果）</AppLink>
                </li>
                <li>
                  <AppLink href="/medication/histories">お薬の履歴</AppLink>
                </li>
                <li>
                  <AppLink href="/medical_expenses/bills">医療費</AppLink>
                </li>
                <li>
                  <AppLink href="/myna_connection">マイナポータル連携</AppLink>
                </li>
              </Links>
            </Stack>
          </Card>
        ) : null}
        <Card aria-labelledby="home-account">
          <Stack $gap={1.5}>
            <SectionHeading id="home-account">アカウント設定</SectionHeading>
            <Text $muted>プロフィールや通知、ログインの設定を確認・変更できます。</Text>
            <Links>
              <li>
                <AppLink href="/profile">プロフィール・アカウント設定</AppLink>
              </li>
              <li>
                <AppLink href="/settings/notifications">通知設定</AppLink>
              </li>
            </Links>
          </Stack>
        </Card>
      </Tiles>
    </Stack>
  );
}

function VisitorHome() {
  return (
    <Stack $gap={3}>
      <Heading>健康づくりを、毎日すこやかに。</Heading>
      <Text>
        すこやかは、健康保険組合の加入者のための健康管理サービスです。血圧や体重などの記録、健診結果の確認、ポイントの獲得がひとつのアプリでできます。
      </Text>
      <SignupBanner />
    </Stack>
  );
}

/** The member's home, once nothing is left to do first; it reads who the member is. */
function SignedInHome({ mynaAvailable }: { mynaAvailable: boolean }) {
  const { data, error } = useUserInfo();
  if (error) throw error;
  return data ? <MemberHome member={data} mynaAvailable={mynaAvailable} /> : <LoadingSkeleton />;
}

/**
 * `/`: the member's home, or for a visitor the introduction with the login/sign-up banner. A
 * member with something to do first (verify the address, link an association, agree to its
 * terms: getNavigationInfo's `next`) is sent there; sign-in lands here, so this is where it happens.
 */
export function HomePage() {
  const { data, error, isPending, isFetching } = useNavigationInfo();
  const isVisitor = error instanceof AppError && error.statusCode === 401;
  // A cached answer may be out of date (the member has just linked or agreed): it sends no one
  // anywhere until it is read again.
  const checking = isFetching && Boolean(data?.next);
  const next = checking ? null : (data?.next ?? null);
  usePageTitle(null);
  useEffect(() => {
    if (next) redirectTo(next);
  }, [next]);
  if (error && !isVisitor) throw error;
  return (
    <PageLayout>
      {isPending || checking || next ? <LoadingSkeleton /> : data ? <SignedInHome mynaAvailable={data.mynaAvailable} /> : <VisitorHome />}
    </PageLayout>
  );
}
