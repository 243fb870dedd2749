import type { Gift, PointAccount } from '@sukoyaka/contract';
import { IncentiveErrorCodes } from '@sukoyaka/contract/incentive-terms';
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
  toAppError,
  Navigate,
} from '@sukoyaka/shared';
import { GiftPicture } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import { usePointGifts, useRedeemGift } from '../api/gifts';
import { formatAmount, formatPoints } from '../format';
import { links } from '../links';
import { ConfirmStep } from '../parts/ConfirmStep';
import { ConsentGate, requireAgreementPath } from '../parts/ConsentGate';
import { GiftMedia } from '../parts/GiftMedia';
import { DeliveryStep } from '../parts/DeliveryStep';
import { GiftCode } from '../parts/GiftCode';
import { IncentivePage, QueryState } from '../parts/IncentivePage';
import { usePointId } from './PointPages';

/** `/points/[pointId]/redemption`: the catalogue with cost and stock → confirm → redeemGift. */
export function PointRedemptionPage() {
  const pointId = usePointId();
  return (
    <IncentivePage title="ギフトと交換する" back={{ href: links.point(pointId), label: 'ポイントのトップへ戻る' }}>
      {() => <ConsentGate pointId={pointId}>{(account) => <Catalogue pointId={pointId} account={account} />}</ConsentGate>}
    </IncentivePage>
  );
}

function stockText(gift: Gift): string {
  if (!gift.inStock) return '在庫切れ';
  return gift.stock === null ? '在庫あり' : `残り${formatAmount(gift.stock)}点`;
}

function Catalogue({ pointId, account }: { pointId: string; account: PointAccount }) {
  const gifts = usePointGifts(pointId);
  const redeem = useRedeemGift();
  const [chosen, setChosen] = useState<Gift | null>(null);
  const [balance, setBalance] = useState(account.balance);
  if (!gifts.data) return <QueryState query={gifts} label="ギフト" />;
  const failure = redeem.isError ? toAppError(redeem.error) : null;
  if (failure?.serverCode === IncentiveErrorCodes.pointAgreementRequired) {
    return <Navigate replace to={requireAgreementPath(pointId, `/points/${encodeURIComponent(pointId)}/redemption`)} />;
  }
  const cancel = (
    <Button variant="secondary" disabled={redeem.isPending} onClick={() => setChosen(null)}>
      やめる
    </Button>
  );
  const cancelOnly = <Actions>{cancel}</Actions>;
  const confirm = chosen ? (
    <Actions>
      <Button
        busy={redeem.isPending}
        onClick={() =>
          redeem.mutate(chosen.id, {
            onSuccess: (result) => setBalance(result.balance),
            onSettled: () => setChosen(null),
          })
        }
      >
        交換する
      </Button>
      {cancel}
    </Actions>
  ) : null;
  return (
    <Stack $gap={2}>
      <Text>
        いまのポイント：<strong>{formatPoints(balance)}</strong>
      </Text>
      {redeem.data ? (
        <Stack $gap={1}>
          <Notice role="status">
            「{redeem.data.userGift.name}」と交換しました。
            {redeem.data.userGift.order
              ? `注文番号は${redeem.data.userGift.order.orderNumber}です。発送しましたら追跡番号をメールでお知らせします。`
              : redeem.data.userGift.code
                ? 'ギフトコードはメールでもお送りしました。'
                : ''}{' '}
            <AppLink href={links.userGifts()}>交換したギフトを見る</AppLink>
          </Notice>
          {redeem.data.userGift.code ? <GiftCode code={redeem.data.userGift.code} giftName={redeem.data.userGift.name} qrOpen /> : null}
        </Stack>
      ) : null}
      {failure ? <FormError>{describeError(redeem.error)}</FormError> : null}
      {chosen ? (
        <ConfirmStep title="交換の確認">
          <Text>
            {formatPoints(chosen.cost)}を使って「{chosen.name}」と交換します。交換後の取り消しはできません。よろしいですか？
          </Text>
          <Text $muted>交換後の残り：{formatPoints(balance - chosen.cost)}</Text>
          {chosen.kind === 'delivery' ? <DeliveryStep>{(address) => (address ? confirm : cancelOnly)}</DeliveryStep> : confirm}
        </ConfirmStep>
      ) : null}
      {gifts.data.gifts.length === 0 ? (
        <EmptyState title="いま交換できるギフトはありません" />
      ) : (
        <Stack as={List} $gap={2} aria-label="ギフト一覧">
          {gifts.data.gifts.map((gift, index) => {
            const short = balance < gift.cost;
            return (
              <li key={gift.id}>
                <Card aria-labelledby={`gift-${gift.id}`}>
                  <GiftMedia>
                    {/* The first two are on the first screen; the rest load as they come near. */}
                    <GiftPicture picture={gift.image} width={144} lazy={index >= 2} />
                    <Stack $gap={1}>
                      <SectionHeading id={`gift-${gift.id}`}>{gift.name}</SectionHeading>
                      <Text $muted>{gift.description}</Text>
                      <Text>
                        {formatPoints(gift.cost)}・{stockText(gift)}・
                        {gift.kind === 'digital_code' ? 'デジタルギフト（コードをお送りします）' : 'ご自宅へお届け'}
                      </Text>
                      {!gift.inStock ? (
                        <Text $muted>在庫がないため交換できません。</Text>
                      ) : short ? (
                        <Text $muted>ポイントが{formatPoints(gift.cost - balance)}足りません。</Text>
                      ) : (
                        <Actions>
                          <Button
                            variant="secondary"
                            disabled={redeem.isPending}
                            aria-label={`${gift.name}と交換する`}
                            onClick={() => {
                              redeem.reset();
                              setChosen(gift);
                            }}
                          >
                            交換する
                          </Button>
                        </Actions>
                      )}
                    </Stack>
                  </GiftMedia>
                </Card>
              </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
