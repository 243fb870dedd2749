import type { TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';
import { LabelledField } from '@sukoyaka/shared';

const Paragraphs = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1.5)};
  p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    line-height: 1.8;
  }
`;

/**
 * Text an operator wrote, as text: paragraphs at blank lines, line breaks kept. It is never read
 * as HTML, so nothing an operator types can run in a member's browser.
 */
export function BodyText({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <Paragraphs>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </Paragraphs>
  );
}

const Area = styled.textarea<{ $invalid: boolean }>`
  min-height: 10rem;
  padding: ${({ theme }) => theme.spacing(1, 1.5)};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  width: 100%;
  font: inherit;
  line-height: 1.6;
  resize: vertical;
`;

/** A labelled multi-line field with its hint and error read out with it. */
export function TextAreaField({
  label,
  hint,
  error,
  optional,
  ...rest
}: { label: string; hint?: string; error?: string | undefined; optional?: boolean } & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id'
>) {
  return (
    <LabelledField label={label} hint={hint} error={error} optional={optional}>
      {(control) => <Area {...control} {...rest} />}
    </LabelledField>
  );
}

export const Badge = styled.span<{ $tone?: 'accent' | 'muted' }>`
  display: inline-block;
  padding: ${({ theme }) => theme.spacing(0.25, 1)};
  border-radius: 999px;
  font-size: 0.75rem;
  font-weight: 700;
  background: ${({ theme, $tone }) => ($tone === 'accent' ? theme.colors.danger : theme.colors.primaryLight)};
  color: ${({ theme, $tone }) => ($tone === 'accent' ? theme.colors.surface : theme.colors.primaryDark)};
`;
