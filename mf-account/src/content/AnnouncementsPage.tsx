import type { Announcement } from '@sukoyaka/contract';
import { announcementCategoryLabels } from '@sukoyaka/contract/announcement-categories';
import {
  AppLink,
  Button,
  EmptyState,
  FormError,
  List,
  LoadingSkeleton,
  MemberOnly,
  Stack,
  Text,
  japaneseDate,
  usePageTitle,
  LoadFailure,
} from '@sukoyaka/shared';
import styled from 'styled-components';
import { useAnnouncements } from './api/list-announcements';
import { Badge } from './parts';
import { CardPage } from '../parts/CardPage';

const ItemLink = styled(AppLink)<{ $unread: boolean }>`
  display: block;
  min-height: 44px;
  padding: ${({ theme }) => theme.spacing(1.5, 2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme, $unread }) => ($unread ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  strong {
    display: block;
    font-weight: ${({ $unread }) => ($unread ? 700 : 400)};
    overflow-wrap: anywhere;
  }
`;

const Meta = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(1)};
  align-items: center;
  font-size: ${({ theme }) => theme.fontSizes.small};
  color: ${({ theme }) => theme.colors.textMuted};
  margin-bottom: ${({ theme }) => theme.spacing(0.5)};
`;

function Item({ announcement }: { announcement: Announcement }) {
  const unread = announcement.readAt === null;
  return (
    <li>
      <ItemLink href={`/announcements/${announcement.id}`} $unread={unread}>
        <Meta>
          {unread ? <Badge $tone="accent">未読</Badge> : null}
          <Badge>{announcementCategoryLabels[announcement.category]}</Badge>
          <span>{japaneseDate(announcement.publishedAt)}</span>
        </Meta>
        <strong>{announcement.title}</strong>
      </ItemLink>
    </li>
  );
}

function AnnouncementList() {
  const { data, error, isPending, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError, refetch } = useAnnouncements();
  if (isPending) return <LoadingSkeleton label="お知らせを読み込んでいます" rows={4} />;
  if (error && !data) {
    return <LoadFailure what="お知らせ" error={error} retry={() => void refetch()} />;
  }
  const items = data.pages.flatMap((page) => page.items);
  const unread = data.pages[0]?.unreadCount ?? 0;
  if (items.length === 0) return <EmptyState title="お知らせはありません">新しいお知らせが届くと、ここに表示されます。</EmptyState>;
  return (
    <Stack $gap={2}>
      <Text $muted>{unread > 0 ? `未読のお知らせが${unread}件あります。` : 'すべてのお知らせを読みました。'}</Text>
      <List $gap={1} aria-label="お知らせの一覧">
        {items.map((announcement) => (
          <Item key={announcement.id} announcement={announcement} />
        ))}
      </List>
      {isFetchNextPageError ? <FormError>お知らせを読み込めませんでした。もう一度お試しください。</FormError> : null}
      {hasNextPage ? (
        <div>
          <Button variant="secondary" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            もっと見る
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}

/** `/announcements`: the association's and site-wide announcements, newest first, unread marked. */
export function AnnouncementsPage() {
  usePageTitle('お知らせ');
  return (
    <CardPage max={720} title="お知らせ">
      <MemberOnly>{() => <AnnouncementList />}</MemberOnly>
    </CardPage>
  );
}
