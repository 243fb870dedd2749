import { Card, Heading, Narrow, PageLayout, Stack, type HeaderProps } from '@sukoyaka/shared';
import type { ReactNode } from 'react';

/**
 * The frame most account pages are drawn in: the site's layout, a readable column, one card. With
 * a `title`, the card opens with it as the page's heading (named by `headingId` when the card is
 * labelled by it).
 */
export function CardPage({
  max,
  header,
  title,
  headingId,
  children,
}: {
  /** The column's width in px (Narrow's own when absent). */
  max?: number;
  header?: HeaderProps;
  title?: string;
  headingId?: string;
  children: ReactNode;
}) {
  return (
    <PageLayout header={header}>
      <Narrow $max={max}>
        <Card aria-labelledby={title ? headingId : undefined}>
          {title ? (
            <Stack $gap={2}>
              <Heading id={headingId}>{title}</Heading>
              {children}
            </Stack>
          ) : (
            children
          )}
        </Card>
      </Narrow>
    </PageLayout>
  );
}
