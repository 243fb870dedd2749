import styled from 'styled-components';

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

export const Badge = styled.span<{ $tone?: 'accent' | 'muted' }>`
  display: inline-block;
  padding: ${({ theme }) => theme.spacing(0.25, 1)};
  border-radius: 999px;
  font-size: 0.75rem;
  font-weight: 700;
  background: ${({ theme, $tone }) => ($tone === 'accent' ? theme.colors.danger : theme.colors.primaryLight)};
  color: ${({ theme, $tone }) => ($tone === 'accent' ? theme.colors.surface : theme.colors.primaryDark)};
`;
