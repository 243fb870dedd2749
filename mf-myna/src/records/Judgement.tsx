import type { MynaJudgement } from '@sukoyaka/contract';
import { mynaJudgementLabels } from '@sukoyaka/contract/myna';
import styled from 'styled-components';

/*
 * The MHLW judgement as a badge: its words always, the colour only as a second cue (never colour
 * alone), with a mark for print in black and white.
 */

const STYLES: Record<MynaJudgement, { background: string; color: string; mark: string }> = {
  normal: { background: '#e3f3ec', color: '#0b5a40', mark: '○' },
  guidance: { background: '#fff4d6', color: '#7a4b00', mark: '△' },
  see_doctor: { background: '#fdecea', color: '#a11b12', mark: '！' },
};

const Badge = styled.span<{ $judgement: MynaJudgement }>`
  display: inline-block;
  padding: 2px 8px;
  border-radius: 999px;
  font-size: 0.8125rem;
  font-weight: 700;
  white-space: nowrap;
  background: ${({ $judgement }) => STYLES[$judgement].background};
  color: ${({ $judgement }) => STYLES[$judgement].color};
  border: 1px solid currentColor;
`;

export function JudgementBadge({ judgement }: { judgement: MynaJudgement | null }) {
  if (!judgement) return null;
  return (
    <Badge $judgement={judgement}>
      <span aria-hidden="true">{STYLES[judgement].mark} </span>
      {mynaJudgementLabels[judgement]}
    </Badge>
  );
}
