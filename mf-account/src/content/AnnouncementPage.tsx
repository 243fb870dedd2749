import type { Announcement } from '@sukoyaka/contract';
import { announcementCategoryLabels } from '@sukoyaka/contract/announcement-categories';
import {
  AppError,
  AppLink,
  Button,
  FormError,
  Heading,
  LoadingSkeleton,
  MemberOnly,
  Stack,
  Text,
  describeError,
  usePageTitle,
  useParams,
} from '@sukoyaka/shared';
import { AnnouncementView } from '@sukoyaka/shared/widgets';
import { useEffect, useRef } from 'react';
import { useAnnouncements } from './api/list-announcements';
import { useReadAnnouncement } from './api/read-announcement';
import { CardPage } from '../parts/CardPage';

function OpenedAnnouncement({ announcement }: { announcement: Announcement }) {
  usePageTitle(announcement.title);
  return <AnnouncementView {...announcement} categoryLabel={announcementCategoryLabels[announcement.category]} />;
}

/**
 * Opening the page reads the announcement (readAnnouncement answers it and marks it read, once).
 * Until it answers, the announcement as the list's first page has it: the server renders the page
 * with that list (issue 28: the first screen in the HTML; a POST is never made there), and a member
 * coming from the list sees it at once.
 */
function OpenAnnouncement({ announcementId }: { announcementId: string }) {
  const read = useReadAnnouncement();
  const listed = useAnnouncements()
    .data?.pages.flatMap((page) => page.items)
    .find((item) => item.id === announcementId);
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (asked.current === announcementId) return;
    asked.current = announcementId;
    read.mutate(announcementId);
  }, [announcementId, read]);
  if (read.error) {
    const missing = read.error instanceof AppError && (read.error.statusCode === 404 || read.error.statusCode === 400);
    return (
      <Stack $gap={1.5}>
        {missing ? (
          <>
            <Heading>お知らせが見つかりません</Heading>
            <Text>掲載が終了したか、URLが正しくない可能性があります。</Text>
          </>
        ) : (
          <>
            <FormError>{describeError(read.error)}</FormError>
            <div>
              <Button variant="secondary" onClick={() => read.mutate(announcementId)}>
                再読み込み
              </Button>
            </div>
          </>
        )}
      </Stack>
    );
  }
  const announcement = read.data ?? listed;
  if (!announcement) return <LoadingSkeleton label="お知らせを読み込んでいます" rows={4} />;
  return <OpenedAnnouncement announcement={announcement} />;
}

/** `/announcements/:id`: one announcement, marked read when opened. */
export function AnnouncementPage() {
  usePageTitle('お知らせ');
  const { announcementId = '' } = useParams();
  return (
    <CardPage max={720}>
      <Stack $gap={2.5}>
        <MemberOnly>{() => <OpenAnnouncement announcementId={announcementId} />}</MemberOnly>
        <AppLink href="/announcements">お知らせの一覧へ戻る</AppLink>
      </Stack>
    </CardPage>
  );
}
