import { Actions, AppLink, ButtonLinkStyle, Stack, Text } from '@sukoyaka/shared';
import type { ReactNode } from 'react';

/** What stands in the member's way, and the one way on from it: a link drawn as a button. */
export function LinkStep({ href, action, gap = 1.5, children }: { href: string; action: string; gap?: number; children: ReactNode }) {
  return (
    <Stack $gap={gap}>
      <Text>{children}</Text>
      <Actions>
        <ButtonLinkStyle as={AppLink} href={href}>
          {action}
        </ButtonLinkStyle>
      </Actions>
    </Stack>
  );
}
