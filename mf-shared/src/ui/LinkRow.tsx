import { ChevronRight } from 'lucide-react';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import { AppLink } from '../routing/navigation';
import { Phrases } from './phrases';

const Row = styled(AppLink)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(2)};
  min-height: 48px;
  padding: ${({ theme }) => theme.spacing(1, 0)};
  font-weight: 700;
  text-decoration: none;
  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * A row of a list of destinations (the メニュー page, settings): the whole row is the link, at least
 * 48 px tall, with a decorative chevron (an icon, not a character a screen reader would read).
 */
export function LinkRow({ href, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children: ReactNode }) {
  return (
    <Row href={href} {...rest}>
      {/* A destination's name breaks between phrases, with BudouX where CSS cannot (ui/phrases.tsx). */}
      <span data-phrases="">
        <Phrases>{children}</Phrases>
      </span>
      <ChevronRight size={20} aria-hidden="true" focusable="false" />
    </Row>
  );
}
