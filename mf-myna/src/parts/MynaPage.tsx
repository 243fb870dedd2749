import { Heading, MemberOnly, PageLayout, Stack, Text, usePageTitle } from '@sukoyaka/shared';
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
