import { Heading, Stack, Text } from '@sukoyaka/shared';
import type { ReactNode } from 'react';
import { CardPage } from '../parts/CardPage';

/** The frame of the two confirmation pages: a narrow card with a heading and why it is asked. */
export function StepUpLayout({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <CardPage>
      <Stack $gap={2.5}>
        <Stack $gap={1}>
          <Heading>{title}</Heading>
          <Text>{lead}</Text>
        </Stack>
        {children}
      </Stack>
    </CardPage>
  );
}

/** Where the member goes after confirming: back where they were sent from, on this site only. */
export function returnToFromLocation(): string | null {
  return new URLSearchParams(window.location.search).get('return_to');
}
