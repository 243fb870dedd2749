import type { CallOutput } from '@sukoyaka/contract';
import {
  Actions,
  AppLink,
  Button,
  Card,
  EmptyState,
  FormError,
  List,
  Notice,
  SectionHeading,
  Stack,
  Text,
  describeError,
} from '@sukoyaka/shared';
import { GiftPicture } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import { useGiftChallenge, useGiftChallengeInfo } from '../api/coins';
import { formatCoins } from '../format';
import { links } from '../links';
import { ConfirmStep } from '../parts/ConfirmStep';
import { GiftMedia } from '../parts/GiftMedia';
import { IncentivePage, QueryState } from '../parts/IncentivePage';

type Info = CallOutput<'getGiftChallengeInfo'>;

/** `/coin/redemption`: the gift challenge — stated cost and odds, a confirmation, the result. */
export function CoinRedemptionPage() {
  return (
    <IncentivePage title="ギフトチャレンジ" back={{ href: '/coin', label: 'コインのトップへ戻る' }}>
      {() => <Challenge />}
    </IncentivePage>
  );
}

function Challenge() {
  const info = useGiftChallengeInfo();
  return (
    <>
      <QueryState query={info} label="ギフトチャレンジ" />
      {info.data ? <ChallengeCard info={info.data} /> : null}
    </>
  );
}

function ChallengeCard({ info }: { info: Info }) {
  const draw = useGiftChallenge();
  const [confirming, setConfirming] = useState(false);
  const result = draw.data;
  const shortBalance = info.balance < info.cost;
  return (
    <Stack $gap={2}>
      <Card aria-labelledby="challenge-heading">
        <Stack $gap={1}>
          <SectionHeading id="challenge-heading">チャレンジの内容</SectionHeading>
          <Text>
            1回 {formatCoins(info.cost)}・当選確率 {info.oddsLabel}
          </Text>
          <Text $muted>抽選はサーバーで行い、結果はすべて記録されます。外れた場合も使ったコインは戻りません。</Text>
          <Text>いまのコイン：{formatCoins(result?.balance ?? info.balance)}</Text>
        </Stack>
      </Card>
      <Card aria-labelledby="prizes-heading">
        <SectionHeading id="prizes-heading">当たるギフト</SectionHeading>
        {info.prizes.length === 0 ? (
          <EmptyState title="いまは当たるギフトがありません" />
        ) : (
          <List>
            {info.prizes.map((prize) => (
              <li key={prize.id}>
                <GiftMedia>
                  <GiftPicture picture={prize.image} width={112} lazy />
                  <div>
                    <Text style={{ fontWeight: 700 }}>{prize.name}</Text>
                    <Text $muted>{prize.description}</Text>
                  </div>
                </GiftMedia>
              </li>
            ))}
          </List>
        )}
      </Card>
      {result ? (
        <Notice role="status">
          {result.won && result.userGift ? (
            <>
              おめでとうございます！「{result.userGift.name}」が当たりました。{' '}
              <AppLink href={links.userGifts()}>交換したギフトを見る</AppLink>
            </>
          ) : (
            '残念、はずれでした。またチャレンジしてください。'
          )}
        </Notice>
      ) : null}
      {draw.isError ? <FormError>{describeError(draw.error)}</FormError> : null}
      {!info.available ? (
        <Notice role="note">
          {shortBalance ? `コインが足りません（1回 ${formatCoins(info.cost)}）。` : '現在ギフトチャレンジに挑戦できません。'}
          <AppLink href={links.coinEarning()}>コインをためる</AppLink>
        </Notice>
      ) : confirming ? (
        <ConfirmStep title="確認">
          <Text>{formatCoins(info.cost)}を使ってギフトチャレンジに挑戦します。よろしいですか？</Text>
          <Actions>
            <Button busy={draw.isPending} onClick={() => draw.mutate(undefined, { onSettled: () => setConfirming(false) })}>
              挑戦する
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={draw.isPending}>
              やめる
            </Button>
          </Actions>
        </ConfirmStep>
      ) : (
        <Actions>
          <Button
            onClick={() => {
              draw.reset();
              setConfirming(true);
            }}
          >
            {result ? 'もう一度チャレンジする' : 'チャレンジする'}
          </Button>
        </Actions>
      )}
    </Stack>
  );
}
