import { Actions, AppLink, ButtonLinkStyle, Card, Heading, PageLayout, screenLink, Stack, Text, usePageTitle } from '@sukoyaka/shared';
import styled from 'styled-components';
import { useAppliesToMember, useHomeWhen } from '../navigation/not-for-this-member';

const Steps = styled.ol`
  margin: 0;
  padding-left: 1.5em;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(0.5)};
`;

/** `/unassociated`: where a signed-in member who has not linked an association is sent. */
export function UnassociatedPage() {
  usePageTitle('加入者情報の登録が必要です');
  // A member whose association is linked already has nothing to do here.
  useHomeWhen(useAppliesToMember((info) => info.association === null) === false);
  return (
    <PageLayout>
      <Card>
        <Stack $gap={2}>
          <Heading>加入者情報の登録が必要です</Heading>
          <Text>
            すこやかは、健康保険組合の加入者の方のためのサービスです。ご利用を始める前に、ご加入の健康保険組合の加入者であることを確認させてください。
          </Text>
          <Text>
            お手元に保険証（または資格確認書）をご用意のうえ、次の情報を登録してください。登録は一度だけで、確認できればすぐにご利用いただけます。
          </Text>
          <Steps>
            <li>保険者番号（8桁の数字）</li>
            <li>記号・番号</li>
            <li>生年月日</li>
          </Steps>
          <Actions $gap={1.5}>
            <ButtonLinkStyle as={AppLink} href={screenLink('userOrgVerification', {})}>
              加入者情報を登録する
            </ButtonLinkStyle>
            <ButtonLinkStyle as={AppLink} href="/faq" $variant="secondary">
              よくある質問・お問い合わせ
            </ButtonLinkStyle>
          </Actions>
        </Stack>
      </Card>
    </PageLayout>
  );
}
