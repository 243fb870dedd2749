import type { Challenge } from '@sukoyaka/contract';
import {
  Actions,
  AppLink,
  Button,
  Card,
  EmptyState,
  FactRows,
  FormError,
  List,
  Notice,
  SectionHeading,
  Stack,
  Text,
  describeError,
  japanMonthDay,
  japaneseMonth,
  useParams,
} from '@sukoyaka/shared';
import { useChallenge, useChallenges, useJoinChallenge } from '../api/challenges';
import { formatDate, formatPoints } from '../format';
import { links } from '../links';
import { ChallengeProgress } from '../parts/ChallengeProgress';
import { countedDayText, countingRule, progressText } from '../parts/challenge-text';
import { IncentivePage, QueryState } from '../parts/IncentivePage';

/** Where the member stands: a line for assistive technology and eyes alike. */
function Standing({ challenge }: { challenge: Challenge }) {
  if (challenge.completedAt) {
    return (
      <Notice role="status">
        {formatDate(challenge.completedAt)}に達成しました！{formatPoints(challenge.points)}をお届けしました。
      </Notice>
    );
  }
  if (!challenge.joinedAt) return null;
  const left = challenge.targetDays - challenge.progressDays;
  // Days recorded by a write that settles nothing (an app's batch) are judged at the next record.
  if (left <= 0) return <Text>目標の日数に届きました。次に記録したときに達成となります。</Text>;
  return <Text>あと{left}日で達成です。</Text>;
}

function Facts({ challenge }: { challenge: Challenge }) {
  return (
    <FactRows>
      <dt>目標</dt>
      <dd>
        {countedDayText(challenge)}が{challenge.targetDays}日
      </dd>
      <dt>達成で</dt>
      <dd>{formatPoints(challenge.points)}</dd>
      <dt>期間</dt>
      <dd>{japanMonthDay(challenge.monthEnd)}まで</dd>
      {challenge.joinedAt ? (
        <>
          <dt>進み具合</dt>
          <dd>{progressText(challenge)}</dd>
        </>
      ) : null}
    </FactRows>
  );
}

function JoinButton({ challenge }: { challenge: Challenge }) {
  const join = useJoinChallenge();
  if (challenge.joinedAt) return null;
  return (
    <Stack $gap={1}>
      {join.isError ? <FormError>{describeError(join.error)}</FormError> : null}
      <Actions>
        <Button busy={join.isPending} onClick={() => join.mutate(challenge.id)}>
          このチャレンジに参加する
        </Button>
      </Actions>
    </Stack>
  );
}

function ChallengeCard({ challenge }: { challenge: Challenge }) {
  const headingId = `challenge-${challenge.id}`;
  return (
    <Card aria-labelledby={headingId}>
      <Stack $gap={1.5}>
        <SectionHeading id={headingId}>
          <AppLink href={links.challenge(challenge.id)}>{challenge.title}</AppLink>
        </SectionHeading>
        <Facts challenge={challenge} />
        {challenge.joinedAt ? <ChallengeProgress challenge={challenge} /> : null}
        <Standing challenge={challenge} />
        <JoinButton challenge={challenge} />
      </Stack>
    </Card>
  );
}

function Challenges() {
  const query = useChallenges();
  if (!query.data) return <QueryState query={query} label="チャレンジ" />;
  const { items, month } = query.data;
  return (
    <Stack $gap={2}>
      <Text $muted>
        {japaneseMonth(month)}
        のチャレンジです。参加すると、その月の初めからの記録が数えられます。達成するとポイントがもらえます（1つのチャレンジにつき月1回）。
      </Text>
      {items.length === 0 ? (
        <EmptyState title="今月のチャレンジはありません">新しいチャレンジが始まったら、ここに表示されます。</EmptyState>
      ) : (
        items.map((challenge) => <ChallengeCard key={challenge.id} challenge={challenge} />)
      )}
    </Stack>
  );
}

/** `/incentives/challenges`: this month's challenges, taking them, and the member's progress. */
export function ChallengesPage() {
  return (
    <IncentivePage title="今月のチャレンジ" back={{ href: '/incentives', label: 'コイン・ポイントへ戻る' }}>
      {() => <Challenges />}
    </IncentivePage>
  );
}

function ChallengeDetail({ challengeId }: { challengeId: string }) {
  const query = useChallenge(challengeId);
  if (!query.data) return <QueryState query={query} label="チャレンジ" />;
  const challenge = query.data;
  return (
    <Card aria-labelledby="challenge-heading">
      <Stack $gap={1.5}>
        <SectionHeading id="challenge-heading">{challenge.title}</SectionHeading>
        <Text>{countingRule(challenge)}</Text>
        <Facts challenge={challenge} />
        {challenge.joinedAt ? <ChallengeProgress challenge={challenge} /> : null}
        <Standing challenge={challenge} />
        <JoinButton challenge={challenge} />
        {challenge.joinedAt ? (
          <section aria-labelledby="counted-days-heading">
            <Stack $gap={1}>
              <h3 id="counted-days-heading" style={{ margin: 0, fontSize: '1rem' }}>
                数えた日
              </h3>
              {challenge.countedDays.length === 0 ? (
                <Text $muted>まだありません。{challenge.kind === 'step_days' ? '歩数' : '血圧'}を記録すると、ここに並びます。</Text>
              ) : (
                <List aria-labelledby="counted-days-heading">
                  {challenge.countedDays.map((day) => (
                    <li key={day}>{japanMonthDay(day)}</li>
                  ))}
                </List>
              )}
            </Stack>
          </section>
        ) : null}
        <AppLink href={challenge.kind === 'step_days' ? '/vitals/steps' : '/vitals/blood_pressure'}>
          {challenge.kind === 'step_days' ? '歩数を見る・記録する' : '血圧を記録する'}
        </AppLink>
      </Stack>
    </Card>
  );
}

/** `/incentives/challenges/[challengeId]`: one challenge, how its days are counted, and which counted. */
export function ChallengePage() {
  const challengeId = useParams().challengeId ?? '';
  return (
    <IncentivePage title="チャレンジ" back={{ href: '/incentives/challenges', label: 'チャレンジ一覧へ戻る' }}>
      {() => <ChallengeDetail challengeId={challengeId} />}
    </IncentivePage>
  );
}
