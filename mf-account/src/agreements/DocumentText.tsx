import type { AgreementDocument } from '@sukoyaka/contract';
import { japaneseDate } from '@sukoyaka/shared';
import styled from 'styled-components';

/** A consent's day as the member reads it: 2026年11月22日. */
export function formatAgreedDay(iso: string): string {
  return japaneseDate(iso);
}

const Body = styled.div`
  max-height: 240px;
  overflow-y: auto;
  padding: ${({ theme }) => theme.spacing(1.5, 2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  line-height: 1.8;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/**
 * The document's text in a box of its own height: long terms do not push the consent out of
 * sight. It can take focus so a keyboard can scroll it.
 */
export function DocumentText({ document }: { document: AgreementDocument }) {
  return (
    <Body tabIndex={0} role="region" aria-label={`${document.title}（第${document.version}版）の本文`}>
      {document.body}
    </Body>
  );
}
