import { announcementCategoryLabels } from '@sukoyaka/contract/announcement-categories';
import { AppLink, Badge, Button, ButtonLinkStyle, List, LoadingSkeleton, SectionHeading, Stack, Text } from '@sukoyaka/shared';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useOpenEnquetes } from '../content/api/list-open-enquetes';
import { useHomeAnnouncements, useHomeVitalsSummary, useOpenPrizeCompetitions } from './api/home-cards';
import { nextAction } from './next-action';

const Items = styled(List).attrs({ $gap: 0.5 })`
  a {
    display: inline-block;
    min-height: 44px;
    padding: ${({ theme }) => theme.spacing(1, 0)};
    overflow-wrap: anywhere;
  }
`;

/** A card's own failure: the rest of home stays as it is, and this card can be asked again. */
function CardFailure({ what, retry }: { what: string; retry: () => void }) {
  return (
    <Stack $gap={1}>
      <Text role="alert">{what}を読み込めませんでした。</Text>
      <div>
        <Button variant="secondary" onClick={retry}>
          再読み込み
        </Button>
      </div>
    </Stack>
  );
}

function CardFrame({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack $gap={1.5}>
      <SectionHeading id={id}>{title}</SectionHeading>
      {children}
    </Stack>
  );
}

/** The three newest announcements, the unread ones marked, and the unread count. */
export function AnnouncementsCard() {
  const { data, error, isPending, refetch } = useHomeAnnouncements();
  return (
    <CardFrame id="home-announcements" title="お知らせ">
      {isPending ? (
        <LoadingSkeleton label="お知らせを読み込んでいます" rows={2} />
      ) : error ? (
        <CardFailure what="お知らせ" retry={() => void refetch()} />
      ) : (
        <>
          <Text>{data.unreadCount > 0 ? `未読のお知らせが${data.unreadCount}件あります。` : '未読のお知らせはありません。'}</Text>
          {data.items.length > 0 ? (
            <Items>
              {data.items.map((item) => (
                <li key={item.id}>
                  <AppLink href={`/announcements/${item.id}`}>
                    {item.readAt === null ? <Badge $tone="accent">未読</Badge> : <Badge>{announcementCategoryLabels[item.category]}</Badge>}{' '}
                    {item.title}
                  </AppLink>
                </li>
              ))}
            </Items>
          ) : null}
          <div>
            <ButtonLinkStyle as={AppLink} href="/announcements" $variant="secondary">
              お知らせをすべて見る
            </ButtonLinkStyle>
          </div>
        </>
      )}
    </CardFrame>
  );
}

/** The association's open enquetes the member has not answered. */
export function EnquetesCard() {
  const { data, error, isPending, refetch } = useOpenEnquetes();
  const open = data?.items.filter((enquete) => enquete.answeredAt === null) ?? [];
  return (
    <CardFrame id="home-enquetes" title="アンケート">
      {isPending ? (
        <LoadingSkeleton label="アンケートを読み込んでいます" rows={2} />
      ) : error ? (
        <CardFailure what="アンケート" retry={() => void refetch()} />
      ) : (
        <>
          {open.length === 0 ? (
            <Text $muted>回答を受け付けているアンケートはありません。</Text>
          ) : (
            <Items>
              {open.map((enquete) => (
                <li key={enquete.id}>
                  <AppLink href={`/enquetes/${enquete.id}`}>{enquete.title}</AppLink>
                </li>
              ))}
            </Items>
          )}
          <AppLink href="/enquetes">アンケートをすべて見る</AppLink>
        </>
      )}
    </CardFrame>
  );
}

/** Prize competitions open now, with whether the member has entered (mf-incentives has the page). */
export function CompetitionsCard() {
  const { data, error, isPending, refetch } = useOpenPrizeCompetitions();
  const open = data?.items.filter((item) => item.me.state === 'open' || item.me.state === 'entered') ?? [];
  return (
    <CardFrame id="home-competitions" title="懸賞">
      {isPending ? (
        <LoadingSkeleton label="懸賞を読み込んでいます" rows={2} />
      ) : error ? (
        <CardFailure what="懸賞" retry={() => void refetch()} />
      ) : open.length === 0 ? (
        <Text $muted>いま応募できる懸賞はありません。</Text>
      ) : (
        <Items>
          {open.map((item) => (
            <li key={item.id}>
              <AppLink href="/incentives/competitions">
                {item.me.state === 'entered' ? <Badge>応募済み</Badge> : <Badge $tone="accent">応募受付中</Badge>} {item.title}
              </AppLink>
            </li>
          ))}
        </Items>
      )}
    </CardFrame>
  );
}

/**
 * The next thing to do (the rule is next-action.ts). It reads what the other cards read; a part
 * that fails is left out of the rule rather than holding the card back.
 */
export function NextActionCard() {
  const vitals = useHomeVitalsSummary();
  const enquetes = useOpenEnquetes();
  const unread = useHomeAnnouncements();
  const waiting = vitals.isPending || enquetes.isPending || unread.isPending;
  const action = waiting
    ? null
    : nextAction({ vitals: vitals.data, enquetes: enquetes.data?.items, unread: unread.data?.unreadCount }, new Date());
  return (
    <CardFrame id="home-next" title="今日やること">
      {action ? (
        <Stack $gap={1.5}>
          <Text>{action.text}</Text>
          <div>
            <ButtonLinkStyle as={AppLink} href={action.href}>
              {action.linkLabel}
            </ButtonLinkStyle>
          </div>
        </Stack>
      ) : (
        <LoadingSkeleton label="今日やることを確かめています" rows={1} />
      )}
    </CardFrame>
  );
}
