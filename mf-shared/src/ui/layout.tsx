import styled from 'styled-components';

/*
 * The layout atoms pages kept declaring for themselves: a centred column, a row of actions and a
 * notice box. One definition here, so a change of spacing or colour reaches every page.
 */

/** A centred column at most `$max` px wide (480 by default: a form read on a phone or a PC). */
export const Narrow = styled.div<{ $max?: number }>`
  width: 100%;
  max-width: ${({ $max = 480 }) => `${$max}px`};
  margin: 0 auto;
`;

/** A row of buttons and links that wraps on a narrow screen. */
export const Actions = styled.div<{ $gap?: number; $align?: 'center' | 'stretch' }>`
  display: flex;
  flex-wrap: wrap;
  align-items: ${({ $align = 'stretch' }) => $align};
  gap: ${({ theme, $gap = 1 }) => theme.spacing($gap)};
`;

/** A tinted box for what the member should notice first; long words (addresses) wrap. */
export const Notice = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.spacing(1.5, 2)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primaryLight};
  overflow-wrap: anywhere;
`;

/**
 * A short list of label–value pairs in two columns (`<dt>`/`<dd>`), values bold with tabular
 * figures: a balance, the latest readings. A pair may be wrapped in `<div style="display:
 * contents">` to keep its key.
 */
export const FactRows = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.spacing(0.5, 2)};
  margin: 0;
  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    font-variant-numeric: tabular-nums;
  }
`;
