import type { Announcement } from '@sukoyaka/contract';
import { announcementCategoryLabels } from '@sukoyaka/contract/content';
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
import { useReadAnnouncement } from './api/read-announcement';
import { CardPage } from '../parts/CardPage';

function OpenedAnnouncement({ announcement }: { announcement: Announcement }) {
  usePageTitle(announcement.title);
  return <AnnouncementView {...announcement} categoryLabel={announcementCategoryLabels[announcement.category]} />;
}

/** Opening the page reads the announcement (readAnnouncement answers it and marks it read, once). */
function OpenAnnouncement({ announcementId }: { announcementId: string }) {
  const read = useReadAnnouncement();
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
  if (!read.data) return <LoadingSkeleton label="お知らせを読み込んでいます" rows={4} />;
  return <OpenedAnnouncement announcement={read.data} />;
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
