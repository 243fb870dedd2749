import {
  Actions,
  AppLink,
  Button,
  Card,
  FormError,
  Heading,
  LoadingSkeleton,
  MemberOnly,
  PageLayout,
  Stack,
  describeError,
  usePageTitle,
} from '@sukoyaka/shared';
import type { ReactNode } from 'react';

/** Every incentives page: the member-only layout, its title and heading, and links back. */
export function IncentivePage({
  title,
  back,
  children,
}: {
  title: string;
  back?: { href: string; label: string };
  children: () => ReactNode;
}) {
  usePageTitle(title);
  return (
    <PageLayout>
      <MemberOnly>
        {() => (
          <Stack $gap={3}>
            <Heading>{title}</Heading>
            {children()}
            {back ? (
              <nav aria-label="戻る">
                <AppLink href={back.href}>{back.label}</AppLink>
              </nav>
            ) : null}
          </Stack>
        )}
      </MemberOnly>
    </PageLayout>
  );
}

type Query = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/** Loading and error states of a read: the skeleton, or the reason with a retry. Null once loaded. */
export function QueryState({ query, label }: { query: Query; label: string }) {
  if (query.isPending) return <LoadingSkeleton label={`${label}を読み込み中`} rows={2} />;
  if (query.isError) {
    return (
      <Card>
        <Stack $gap={1}>
          <FormError>{describeError(query.error)}</FormError>
          <Actions>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              再読み込み
            </Button>
          </Actions>
        </Stack>
      </Card>
    );
  }
  return null;
}
