import type { AnnouncementState, OperatorAnnouncement } from '@sukoyaka/contract';
import { announcementCategories, announcementCategoryLabels, contentCalls } from '@sukoyaka/contract/content';
import {
  Button,
  Card,
  EmptyState,
  FormError,
  Heading,
  Notice,
  SectionHeading,
  Stack,
  Text,
  TextAreaField,
  TextField,
  describeError,
  useContractForm,
  useFormValues,
  usePageTitle,
} from '@sukoyaka/shared';
import { Checkbox, Select } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import { useCreateAnnouncement, useOperatorAnnouncements, usePublishAnnouncement } from '../api/content';
import { useCurrentAssociation } from '../parts/association';
import { formatJapanTime, japanLocalNow, japanMoment } from '../parts/datetime';
import { QueryState } from '../parts/states';
import { AnnouncementEditor } from './AnnouncementEditor';
import { Table, TableScroll } from '../parts/Table';

export const STATE_LABELS: Record<AnnouncementState, string> = {
  draft: '下書き',
  scheduled: '公開予定',
  published: '公開中',
  expired: '掲載終了',
};

/** /admin/announcements: the association's announcements, publishing and withdrawing, and a new one. */
export function AnnouncementsPage() {
  usePageTitle('お知らせ | すこやか運営管理');
  const { association, canEdit } = useCurrentAssociation();
  const list = useOperatorAnnouncements(association.associationId);
  const [editing, setEditing] = useState<OperatorAnnouncement | null>(null);
  const [edited, setEdited] = useState<string | null>(null);
  return (
    <Stack $gap={3}>
      <Heading>お知らせ</Heading>
      <Text>
        {association.associationName}の会員に表示するお知らせです。公開すると、掲載開始日時から会員のホームと一覧に未読として表示されます。
      </Text>
      {!canEdit ? <Notice>閲覧者の権限では作成・公開できません。</Notice> : null}
      {edited ? <Notice role="status">{edited}</Notice> : null}
      {canEdit && editing ? (
        <AnnouncementEditor
          key={editing.id}
          item={editing}
          onDone={(message) => {
            setEditing(null);
            setEdited(message);
          }}
        />
      ) : null}
      {canEdit && !editing ? <CreateAnnouncementForm /> : null}
      <QueryState query={list} label="お知らせ">
        {(data) => {
          const items = data.pages.flatMap((page) => page.items);
          if (items.length === 0) return <EmptyState title="お知らせはまだありません" />;
          return (
            <Card>
              <TableScroll>
                <Table>
                  <caption>お知らせの一覧</caption>
                  <thead>
                    <tr>
                      <th scope="col">タイトル</th>
                      <th scope="col">状態</th>
                      <th scope="col">掲載期間</th>
                      <th scope="col" className="number">
                        既読
                      </th>
                      <th scope="col">操作</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((item) => (
                      <AnnouncementRow
                        key={item.id}
                        item={item}
                        onEdit={() => {
                          setEdited(null);
                          setEditing(item);
                        }}
                      />
                    ))}
                  </tbody>
                </Table>
              </TableScroll>
              {list.hasNextPage ? (
                <Button variant="secondary" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                  もっと見る
                </Button>
              ) : null}
            </Card>
          );
        }}
      </QueryState>
    </Stack>
  );
}

function AnnouncementRow({ item, onEdit }: { item: OperatorAnnouncement; onEdit: () => void }) {
  const { association, canEdit } = useCurrentAssociation();
  const publish = usePublishAnnouncement(association.associationId);
  const published = item.publishedAt !== null;
  return (
    <tr>
      <th scope="row">
        {item.title}
        <br />
        <small>{announcementCategoryLabels[item.category]}</small>
      </th>
      <td>{STATE_LABELS[item.state]}</td>
      <td>
        {formatJapanTime(item.publishFrom)} 〜 {item.publishUntil ? formatJapanTime(item.publishUntil) : ''}
      </td>
      <td className="number">{item.readCount}</td>
      <td>
        {canEdit ? (
          <Button variant="secondary" onClick={onEdit} aria-label={`${item.title}を編集する`}>
            編集する
          </Button>
        ) : null}{' '}
        {canEdit ? (
          <Button
            variant="secondary"
            busy={publish.isPending}
            onClick={() => publish.mutate({ associationId: association.associationId, announcementId: item.id, published: !published })}
            aria-label={`${item.title}を${published ? '非公開にする' : '公開する'}`}
          >
            {published ? '非公開にする' : '公開する'}
          </Button>
        ) : null}
        {publish.isError ? <FormError>{describeError(publish.error)}</FormError> : null}
      </td>
    </tr>
  );
}

function CreateAnnouncementForm() {
  const { association } = useCurrentAssociation();
  const create = useCreateAnnouncement(association.associationId);
  const empty = () => ({
    title: '',
    category: 'info',
    body: '',
    linkPath: '',
    linkLabel: '',
    publishFrom: japanLocalNow(),
    publishUntil: '',
    publish: true,
  });
  const { values, setValues, set, field, reset } = useFormValues(empty);
  const [done, setDone] = useState<string | null>(null);
  const form = useContractForm({
    schema: contentCalls.createOperatorAnnouncement.input,
    mutation: create,
    beforeSubmit: () => setDone(null),
    onSuccess: (result: OperatorAnnouncement) => {
      setDone(result.publishedAt ? `「${result.title}」を公開しました。` : `「${result.title}」を下書きとして保存しました。`);
      reset();
    },
  });
  return (
    <Card aria-labelledby="new-announcement">
      <SectionHeading id="new-announcement">お知らせを作成する</SectionHeading>
      {form.formError ? <FormError>{form.formError}</FormError> : null}
      {done ? <Notice role="status">{done}</Notice> : null}
      <form
        {...form.formProps(() => ({
          associationId: association.associationId,
          title: values.title,
          category: values.category,
          body: values.body,
          linkPath: values.linkPath.trim() || null,
          linkLabel: values.linkLabel.trim() || null,
          publishFrom: japanMoment(values.publishFrom),
          publishUntil: values.publishUntil ? japanMoment(values.publishUntil) : null,
          publish: values.publish,
        }))}
      >
        <Stack $gap={2}>
          <TextField {...field('title', form.errors)} label="タイトル" />
          <Select
            label="カテゴリ"
            value={values.category}
            onChange={set('category')}
            options={announcementCategories.map((category) => ({ value: category, label: announcementCategoryLabels[category] }))}
          />
          <TextAreaField {...field('body', form.errors)} label="本文" />
          <TextField {...field('linkPath', form.errors)} label="リンク先（サイト内のパス。例: /enquetes）" optional />
          <TextField {...field('linkLabel', form.errors)} label="リンクの文言" optional />
          <TextField {...field('publishFrom', form.errors)} label="掲載開始日時" type="datetime-local" />
          <TextField {...field('publishUntil', form.errors)} label="掲載終了日時" type="datetime-local" optional />
          <Checkbox
            label="すぐに公開する（外すと下書き）"
            checked={values.publish}
            onChange={(event) => setValues({ ...values, publish: event.target.checked })}
          />
          <div>
            <Button type="submit" busy={form.isPending}>
              保存する
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
