import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { VisuallyHidden } from './primitives';

export const NEW_TAB_HINT = '新しいタブで開きます';

/**
 * A link to another site (issue 27): it opens in a new tab, so the member's place in the app
 * stays, with nothing of ours passed along (rel="noopener noreferrer"), and says so to screen
 * readers. One part for every area; keep its API small: `<ExternalLink href>`.
 */
export function ExternalLink({
  href,
  children,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'> & { href: string; children: ReactNode }) {
  return (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <VisuallyHidden>（{NEW_TAB_HINT}）</VisuallyHidden>
    </a>
  );
}
