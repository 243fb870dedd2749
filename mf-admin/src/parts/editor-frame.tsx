import { useEffect, useRef } from 'react';
import styled from 'styled-components';

/** An editor's two columns: the form and, beside it (below it when narrow), the preview. */
export const EditorColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(3)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr));
  align-items: start;
`;

/** The preview's frame: the member's page, marked as a preview. */
export const PreviewFrame = styled.section`
  border: 2px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => theme.spacing(2)};
  background: ${({ theme }) => theme.colors.surface};
  min-width: 0;
`;

/**
 * The editor's heading, focused and scrolled to when the editor opens: it is opened from a row
 * below, and is where keyboard and screen-reader users go next.
 */
export function useOpenedHeading() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  return heading;
}
