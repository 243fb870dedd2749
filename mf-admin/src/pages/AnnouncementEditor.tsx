import type { AnnouncementCategory, OperatorAnnouncement } from '@sukoyaka/contract';
import { announcementCategories, announcementCategoryLabels, contentCalls } from '@sukoyaka/contract/content';
import {
  Button,
  Card,
  FormError,
  SectionHeading,
  Stack,
  Text,
  TextAreaField,
  TextField,
  useContractForm,
  useFormValues,
} from '@sukoyaka/shared';
import { AnnouncementView, Select } from '@sukoyaka/shared/widgets';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useUpdateAnnouncement } from '../api/content';
import { useCurrentAssociation } from '../parts/association';
import { japanLocalOf, japanMoment } from '../parts/datetime';

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(3)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr));
  align-items: start;
`;

/** The preview's frame: the member's page, marked as a preview. */
const Preview = styled.section`
  border: 2px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => theme.spacing(2)};
  background: ${({ theme }) => theme.colors.surface};
  min-width: 0;
`;

/**
 * Editing an announcement (published or not) beside a preview drawn by the members' own rendering
 * (mf-shared's AnnouncementView), as it will read once saved. Saving keeps its published state;
 * the change is audited by the bff with the fields it changed.
 */
export function AnnouncementEditor({ item, onDone }: { item: OperatorAnnouncement; onDone: (message: string | null) => void }) {
  const { association } = useCurrentAssociation();
  const update = useUpdateAnnouncement(association.associationId);
  const { values, set, field } = useFormValues(() => ({
    title: item.title,
    category: item.category as string,
    body: item.body,
    linkPath: item.linkPath ?? '',
    linkLabel: item.linkLabel ?? '',
    publishFrom: japanLocalOf(item.publishFrom),
    publishUntil: japanLocalOf(item.publishUntil),
  }));
  const form = useContractForm({
    schema: contentCalls.updateOperatorAnnouncement.input,
    mutation: update,
    onSuccess: (result: OperatorAnnouncement) =>
      onDone(
        result.publishedAt
          ? `「${result.title}」を更新しました。会員には新しい内容が表示されます。`
          : `「${result.title}」を更新しました（下書きのままです）。`,
      ),
  });
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from a row below: the editor is where keyboard and screen-reader users go next.
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  return (
    <Card aria-labelledby="edit-announcement">
      <Stack $gap={2}>
        <SectionHeading id="edit-announcement" ref={heading} tabIndex={-1}>
          お知らせを編集する：{item.title}
        </SectionHeading>
        {item.publishedAt ? <Text $muted>公開中のお知らせです。保存すると、会員にはすぐに新しい内容が表示されます。</Text> : null}
        {form.formError ? <FormError>{form.formError}</FormError> : null}
        <Columns>
          <form
            aria-label="お知らせの編集"
            {...form.formProps(() => ({
              associationId: association.associationId,
              announcementId: item.id,
              title: values.title,
              category: values.category,
              body: values.body,
              linkPath: values.linkPath.trim() || null,
              linkLabel: values.linkLabel.trim() || null,
              publishFrom: japanMoment(values.publishFrom),
              publishUntil: values.publishUntil ? japanMoment(values.publishUntil) : null,
            }))}
          >
            <Stack $gap={2}>
              <TextField {...field('title', form.errors)} label="タイトル" />
              <Select
                label="カテゴリ"
                value={values.category}
                onChange={set('category')}
                options={announcementCategories.map((one) => ({ value: one, label: announcementCategoryLabels[one] }))}
              />
              <TextAreaField {...field('body', form.errors)} label="本文" />
              <TextField {...field('linkPath', form.errors)} label="リンク先（サイト内のパス。例: /enquetes）" optional />
              <TextField {...field('linkLabel', form.errors)} label="リンクの文言" optional />
              <TextField {...field('publishFrom', form.errors)} label="掲載開始日時" type="datetime-local" />
              <TextField {...field('publishUntil', form.errors)} label="掲載終了日時" type="datetime-local" optional />
              <Stack $gap={1} style={{ flexDirection: 'row', flexWrap: 'wrap' }}>
                <Button type="submit" busy={form.isPending}>
                  変更を保存する
                </Button>
                <Button variant="secondary" onClick={() => onDone(null)}>
                  編集をやめる
                </Button>
              </Stack>
            </Stack>
          </form>
          <Preview aria-labelledby="announcement-preview">
            <Stack $gap={1.5}>
              <Text id="announcement-preview" $muted>
                プレビュー（会員の画面での見え方）
              </Text>
              <AnnouncementView
                preview
                title={values.title || '（タイトル未入力）'}
                categoryLabel={announcementCategoryLabels[values.category as AnnouncementCategory]}
                body={values.body}
                linkPath={values.linkPath.trim() || null}
                linkLabel={values.linkLabel.trim() || null}
                siteWide={false}
                publishedAt={japanMoment(values.publishFrom) || item.publishFrom}
              />
            </Stack>
          </Preview>
        </Columns>
      </Stack>
    </Card>
  );
}
