import { Card, SectionHeading, Stack } from '@sukoyaka/shared';
import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A confirmation step: it takes the focus when it opens, so keyboard and screen-reader users land
 * on the question rather than stay on the button that opened it.
 */
export function ConfirmStep({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card role="group" aria-labelledby={headingId}>
      <Stack $gap={1}>
        <SectionHeading id={headingId} ref={heading} tabIndex={-1}>
          {title}
        </SectionHeading>
        {children}
      </Stack>
    </Card>
  );
}
