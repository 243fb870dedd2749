import type { MynaJudgement } from '@sukoyaka/contract';
import { mynaJudgementLabels } from '@sukoyaka/contract/myna-terms';
import { theme } from '@sukoyaka/shared';
import styled from 'styled-components';

/*
 * The MHLW judgement as a badge: its words always, the colour only as a second cue (never colour
 * alone), with a mark for print in black and white.
 */

const STYLES: Record<MynaJudgement, { background: string; color: string; mark: string }> = {
  normal: { background: theme.colors.primaryLight, color: theme.colors.primaryDark, mark: '○' },
  guidance: { background: theme.colors.warningLight, color: theme.colors.warning, mark: '△' },
  see_doctor: { background: theme.colors.dangerLight, color: theme.colors.danger, mark: '！' },
};

const Badge = styled.span<{ $judgement: MynaJudgement }>`
  display: inline-block;
  padding: ${({ theme }) => theme.spacing(0.25, 1)};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.hint};
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
