import type { Challenge } from '@sukoyaka/contract';
import styled from 'styled-components';
import { progressText } from './challenge-text';

const Track = styled.div`
  height: 0.75rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  overflow: hidden;
`;

const Fill = styled.div<{ $done: boolean }>`
  height: 100%;
  border-radius: 999px;
  background: ${({ theme, $done }) => ($done ? theme.colors.success : theme.colors.primary)};
`;

/** A challenge's progress as a bar and its figures, named for assistive technology. */
export function ChallengeProgress({ challenge }: { challenge: Pick<Challenge, 'title' | 'progressDays' | 'targetDays' | 'completedAt'> }) {
  const shown = Math.min(challenge.progressDays, challenge.targetDays);
  return (
    <div>
      <Track
        role="progressbar"
        aria-label={`${challenge.title}の進み具合`}
        aria-valuemin={0}
        aria-valuemax={challenge.targetDays}
        aria-valuenow={shown}
        aria-valuetext={progressText(challenge)}
      >
        <Fill $done={challenge.completedAt !== null} style={{ width: `${(shown / challenge.targetDays) * 100}%` }} />
      </Track>
    </div>
  );
}
