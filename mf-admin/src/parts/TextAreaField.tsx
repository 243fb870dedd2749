import { LabelledField } from '@sukoyaka/shared';
import type { TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';

const Area = styled.textarea`
  width: 100%;
  min-height: 8rem;
  font: inherit;
  padding: ${({ theme }) => theme.spacing(1)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
`;

/** A labelled multi-line field (body, answer, choices) with its error read out with it. */
export function TextAreaField({
  label,
  error,
  optional,
  ...rest
}: { label: string; error?: string | undefined; optional?: boolean } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <LabelledField label={label} error={error} optional={optional}>
      {(control) => <Area {...control} {...rest} />}
    </LabelledField>
  );
}
