import { AppLink, createParcel, List, LoadingSkeleton, SectionHeading, Stack, Text } from '@sukoyaka/shared';
import { useChallenges } from './api/challenges';
import { ChallengeProgress } from './parts/ChallengeProgress';
import { progressText } from './parts/challenge-text';
import { links } from './links';

/** The home page's challenges: the ones the member took this month, each with its progress. */
export function ChallengesProgress() {
  const query = useChallenges();
  return (
    <section aria-labelledby="home-challenges-heading">
      <Stack $gap={1.5}>
        <SectionHeading id="home-challenges-heading">今月のチャレンジ</SectionHeading>
        {query.isPending ? (
          <LoadingSkeleton label="チャレンジを読み込んでいます" rows={1} />
        ) : query.isError ? (
          <Text $muted>チャレンジを読み込めませんでした。</Text>
        ) : (
          <Taken items={query.data.items} />
        )}
        <AppLink href="/incentives/challenges">チャレンジ一覧</AppLink>
      </Stack>
    </section>
  );
}

function Taken({ items }: { items: NonNullable<ReturnType<typeof useChallenges>['data']>['items'] }) {
  const taken = items.filter((challenge) => challenge.joinedAt !== null);
  if (items.length === 0) return <Text $muted>今月のチャレンジはありません。</Text>;
  if (taken.length === 0) return <Text $muted>チャレンジに参加して、達成するとポイントがもらえます。</Text>;
  return (
    <List $gap={1.5}>
      {taken.map((challenge) => (
        <li key={challenge.id}>
          <Stack $gap={0.5}>
            <AppLink href={links.challenge(challenge.id)}>{challenge.title}</AppLink>
            <ChallengeProgress challenge={challenge} />
            <Text $muted>{challenge.completedAt ? `達成しました（${progressText(challenge)}）` : progressText(challenge)}</Text>
          </Stack>
        </li>
      ))}
    </List>
  );
}

/** The home page's widget as a single-spa parcel (mf-account mounts it with mf-shared's AreaParcel). */
export const ChallengesProgressParcel = createParcel(ChallengesProgress);
