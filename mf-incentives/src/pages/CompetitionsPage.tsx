import type { PrizeCompetition } from '@sukoyaka/contract';
import {
  Actions,
  Button,
  Card,
  EmptyState,
  FactRows,
  FormError,
  Notice,
  SectionHeading,
  Stack,
  Text,
  describeError,
} from '@sukoyaka/shared';
import { useState } from 'react';
import { useEnterPrizeCompetition, usePrizeCompetitions } from '../api/competitions';
import { formatAmount, formatCoins, formatDate } from '../format';
import { IncentivePage, QueryState } from '../parts/IncentivePage';

/** `/incentives/competitions`: open prize competitions, entering, and the result after the draw. */
export function CompetitionsPage() {
  return (
    <IncentivePage title="懸賞" back={{ href: '/incentives', label: 'コイン・ポイントへ戻る' }}>
      {() => <Competitions />}
    </IncentivePage>
  );
}

const STATE_TEXT: Record<PrizeCompetition['me']['state'], string> = {
  open: '応募できます',
  entered: '応募済みです。抽選結果は期間終了後にお知らせします。',
  won: '当選しました！',
  lost: '残念ながら落選しました。',
  not_qualified: '目標歩数に届かなかったため、抽選の対象外でした。',
  closed: '応募期間は終了しました。',
};

function CompetitionCard({ competition }: { competition: PrizeCompetition }) {
  const enter = useEnterPrizeCompetition();
  const [confirming, setConfirming] = useState(false);
  const headingId = `competition-${competition.id}`;
  const howToEnter =
    competition.entryKind === 'coins'
      ? `${formatCoins(competition.coinCost ?? 0)}で応募`
      : `期間中に合計${formatAmount(competition.stepsRequired ?? 0)}歩を歩いて応募`;
  const state = competition.me.state;
  return (
    <Card aria-labelledby={headingId}>
      <Stack $gap={1.5}>
        <SectionHeading id={headingId}>{competition.title}</SectionHeading>
        {competition.description ? <Text style={{ whiteSpace: 'pre-wrap' }}>{competition.description}</Text> : null}
        <FactRows>
          <dt>期間</dt>
          <dd>
            {formatDate(competition.startsAt)}〜{formatDate(competition.endsAt)}
          </dd>
          <dt>応募方法</dt>
          <dd>{howToEnter}</dd>
          <dt>賞品</dt>
          <dd>{competition.prizes.map((prize) => `${prize.name}（${formatAmount(prize.winners)}名）`).join('、')}</dd>
          {competition.me.steps !== null ? (
            <>
              <dt>あなたの歩数</dt>
              <dd>
                {formatAmount(competition.me.steps)}歩 / {formatAmount(competition.stepsRequired ?? 0)}歩
              </dd>
              <dt>数える歩数</dt>
              <dd>歩数計やアプリ、連携した機器の歩数です（手入力の歩数と、1日10万歩を超えて確認中の日は数えません）。</dd>
            </>
          ) : null}
        </FactRows>
        {state === 'won' ? (
          <Notice role="status">
            {STATE_TEXT.won}（{competition.me.prize}）
          </Notice>
        ) : state === 'open' ? null : (
          <Notice role="status">{STATE_TEXT[state]}</Notice>
        )}
        {enter.isError ? <FormError>{describeError(enter.error)}</FormError> : null}
        {state === 'open' ? (
          confirming && competition.entryKind === 'coins' ? (
            <Stack $gap={1} role="group" aria-label="応募の確認">
              <Text>{formatCoins(competition.coinCost ?? 0)}を使って応募します。よろしいですか？</Text>
              <Actions>
                <Button busy={enter.isPending} onClick={() => enter.mutate(competition.id)}>
                  応募する
                </Button>
                <Button variant="secondary" onClick={() => setConfirming(false)}>
                  やめる
                </Button>
              </Actions>
            </Stack>
          ) : (
            <Actions>
              <Button
                busy={enter.isPending}
                onClick={() => (competition.entryKind === 'coins' ? setConfirming(true) : enter.mutate(competition.id))}
              >
                この懸賞に応募する
              </Button>
            </Actions>
          )
        ) : null}
        {competition.drawSeed ? (
          <Text $muted style={{ overflowWrap: 'anywhere', fontSize: '0.75rem' }}>
            抽選の記録：シード {competition.drawSeed}（秘密値 {competition.secret}、事前公開ハッシュ {competition.secretHash}）
          </Text>
        ) : (
          <Text $muted style={{ overflowWrap: 'anywhere', fontSize: '0.75rem' }}>
            抽選の公正さのため、抽選に使う秘密値のハッシュを事前に公開しています：{competition.secretHash}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function Competitions() {
  const query = usePrizeCompetitions();
  if (!query.data) return <QueryState query={query} label="懸賞" />;
  if (query.data.items.length === 0) {
    return <EmptyState title="いま応募できる懸賞はありません">新しい懸賞が始まったら、ここでお知らせします。</EmptyState>;
  }
  return (
    <Stack $gap={2}>
      {query.data.items.map((competition) => (
        <CompetitionCard key={competition.id} competition={competition} />
      ))}
    </Stack>
  );
}
