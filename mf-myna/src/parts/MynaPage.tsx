import { Actions, Button, FormError, Heading, MemberOnly, PageLayout, Stack, Text, describeError, usePageTitle } from '@sukoyaka/shared';
import type { ReactNode } from 'react';

/** The frame of every /myna_connection page: the title (also the document's), for members only. */
export function MynaPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <PageLayout>
      <MemberOnly>
        {() => (
          <Stack $gap={3}>
            <Stack $gap={1}>
              <Heading>{title}</Heading>
              {lead ? <Text>{lead}</Text> : null}
            </Stack>
            {children}
          </Stack>
        )}
      </MemberOnly>
    </PageLayout>
  );
}

/** A read that failed: what went wrong, and a way to try again. */
export function LoadFailure({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  return (
    <Stack $gap={1}>
      <FormError>
        {what}を読み込めませんでした。{describeError(error)}
      </FormError>
      <Actions>
        <Button variant="secondary" onClick={retry}>
          再読み込み
        </Button>
      </Actions>
    </Stack>
  );
}
