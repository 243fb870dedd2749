import { usePageTitle } from '../routing/page-title';
import { AppLink } from '../routing/navigation';
import { GenericErrorPage } from './ErrorPages';
import { GENERIC_MESSAGES } from '../errors/fatal-errors';
import { PageLayout } from './page-parts';
import { ButtonLinkStyle, Card, Heading, Stack, Text } from '../ui/primitives';

/** The 404 page (spec §8): the generic error page with its message and 'ホームに戻る'. */
export function NotFoundPage() {
  usePageTitle('ページが見つかりません');
  return <GenericErrorPage heading="404" message={GENERIC_MESSAGES[404].message} homeLink={GENERIC_MESSAGES[404].homeLink} />;
}

/** A page whose feature has not been built yet: it says so instead of pretending. */
export function ComingSoonPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <PageLayout>
      <Card>
        <Stack $gap={2}>
          <Heading>{title}</Heading>
          <Text>この機能は現在準備中です。公開までもうしばらくお待ちください。</Text>
          <div>
            <ButtonLinkStyle as={AppLink} href="/" $variant="secondary">
              ホームに戻る
            </ButtonLinkStyle>
          </div>
        </Stack>
      </Card>
    </PageLayout>
  );
}
