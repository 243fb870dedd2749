import {
  AppError,
  AppLink,
  ButtonLinkStyle,
  Card,
  Heading,
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
import styled from 'styled-components';

const Tiles = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  grid-template-columns: 1fr;
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { grid-template-columns: 1fr 1fr; }`}
`;

function MemberHome({ member }: { member: UserInfo }) {
  return (
    <Stack $gap={3}>
      <Stack $gap={1}>
        <Heading>{member.nickname}さん、こんにちは</Heading>
        {member.association ? <Text $muted>{member.association.name}</Text> : null}
      </Stack>
      <Tiles>
        <Card aria-labelledby="home-vitals">
          <Stack $gap={1.5}>
            <SectionHeading id="home-vitals">血圧</SectionHeading>
            <Text $muted>毎日の血圧を記録して、変化を確認しましょう。</Text>
            <div>
              <ButtonLinkStyle as={AppLink} href="/vitals">
                血圧を記録する
              </ButtonLinkStyle>
            </div>
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

/** `/`: the member's home, or for a visitor the introduction with the login/sign-up banner. */
export function HomePage() {
  const { data, error, isPending } = useUserInfo();
  const isVisitor = error instanceof AppError && error.statusCode === 401;
  usePageTitle(null);
  if (error && !isVisitor) throw error;
  return (
    <PageLayout>
      {isPending ? <LoadingSkeleton /> : data ? <MemberHome member={data} /> : <VisitorHome />}
    </PageLayout>
  );
}
