import type { UserGift } from '@sukoyaka/contract';
import {
  Actions,
  AppLink,
  Button,
  Card,
  EmptyState,
  FormError,
  List,
  SectionHeading,
  Stack,
  Text,
  describeError,
  useSearchParams,
} from '@sukoyaka/shared';
import { GiftPicture } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import { usePatchUserGift, useUserGifts } from '../api/gifts';
import { formatDate } from '../format';
import { GiftMedia } from '../parts/GiftMedia';
import { GiftCode } from '../parts/GiftCode';
import { IncentivePage, QueryState } from '../parts/IncentivePage';
import { OrderDetails } from '../parts/OrderDetails';

/** `/incentives/user_gifts`: the member's gifts with their code (copy, QR) or delivery (status, tracking number); mark used or hide. */
export function UserGiftsPage() {
  return (
    <IncentivePage title="交換したギフト" back={{ href: '/incentives', label: 'コイン・ポイントのトップへ戻る' }}>
      {() => <Gifts />}
    </IncentivePage>
  );
}

function Gifts() {
  const gifts = useUserGifts();
  const [params] = useSearchParams();
  const focused = params.get('gift');
  if (!gifts.data) return <QueryState query={gifts} label="交換したギフト" />;
  const userGifts = gifts.data.pages.flatMap((page) => page.userGifts);
  if (userGifts.length === 0) {
    return (
      <EmptyState title="交換したギフトはありません">
        <AppLink href="/points">ポイントをギフトと交換する</AppLink>
      </EmptyState>
    );
  }
  return (
    <Stack $gap={2}>
      <Stack as={List} $gap={2} aria-label="交換したギフト一覧">
        {userGifts.map((gift) => (
          <li key={gift.id}>
            <GiftCard gift={gift} highlighted={gift.id === focused || gift.giftId === focused} />
          </li>
        ))}
      </Stack>
      {gifts.hasNextPage ? (
        <Actions>
          <Button variant="secondary" busy={gifts.isFetchingNextPage} onClick={() => void gifts.fetchNextPage()}>
            もっと見る
          </Button>
        </Actions>
      ) : null}
    </Stack>
  );
}

function GiftCard({ gift, highlighted }: { gift: UserGift; highlighted: boolean }) {
  const patch = usePatchUserGift();
  const [confirmHide, setConfirmHide] = useState(false);
  const headingId = `user-gift-${gift.id}`;
  return (
    // An article, not a named section: two orders of one gift would be two landmarks of one name.
    <Card
      as="article"
      aria-labelledby={headingId}
      aria-current={highlighted || undefined}
      style={highlighted ? { outline: '2px solid currentColor' } : undefined}
    >
      <GiftMedia>
        <GiftPicture picture={gift.image} width={112} lazy={!highlighted} />
        <Stack $gap={1}>
          <SectionHeading id={headingId}>{gift.name}</SectionHeading>
          <Text $muted>
            {formatDate(gift.createdAt)}・{gift.source === 'challenge' ? 'ギフトチャレンジで当選' : 'ポイントで交換'}
          </Text>
          {gift.kind === 'digital_code' ? (
            gift.code ? (
              <GiftCode code={gift.code} giftName={gift.name} />
            ) : (
              <Text $muted>ギフトコードを発行しています。</Text>
            )
          ) : (
            <OrderDetails gift={gift} />
          )}
          <Text $muted>{gift.usedAt ? `${formatDate(gift.usedAt)}に使用済みにしました` : '未使用'}</Text>
          {patch.isError ? <FormError>{describeError(patch.error)}</FormError> : null}
          {confirmHide ? (
            <Stack $gap={1} role="group" aria-label="非表示の確認">
              <Text>このギフトを一覧から非表示にします。元に戻すことはできません。よろしいですか？</Text>
              <Actions>
                <Button busy={patch.isPending} onClick={() => patch.mutate({ id: gift.id, hidden: true })}>
                  非表示にする
                </Button>
                <Button variant="secondary" disabled={patch.isPending} onClick={() => setConfirmHide(false)}>
                  やめる
                </Button>
              </Actions>
            </Stack>
          ) : (
            <Actions>
              {gift.usedAt ? null : (
                <Button variant="secondary" busy={patch.isPending} onClick={() => patch.mutate({ id: gift.id, used: true })}>
                  使用済みにする
                </Button>
              )}
              <Button variant="text" disabled={patch.isPending} onClick={() => setConfirmHide(true)}>
                一覧から非表示にする
              </Button>
            </Actions>
          )}
        </Stack>
      </GiftMedia>
    </Card>
  );
}
