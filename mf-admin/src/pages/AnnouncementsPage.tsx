import type { OperatorAnnouncement } from '@sukoyaka/contract';
import { announcementCategoryLabels } from '@sukoyaka/contract/announcement-categories';
import { Button, EmptyState, FormError, describeError, useContractForm, useFormValues, loadContentCalls } from '@sukoyaka/shared';
import { Checkbox } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import { useCreateAnnouncement, useOperatorAnnouncements, usePublishAnnouncement } from '../api/content';
import { AnnouncementFields, announcementInput } from '../parts/announcement-fields';
import { useCurrentAssociation } from '../parts/association';
import { AdminPage, DataTable, FormCard } from '../parts/page-frame';
import { useEditing } from '../parts/editor-frame';
import { PublishPeriod } from '../parts/period';
import { japanLocalNow } from '../parts/datetime';
import { QueryState } from '../parts/states';
import { AnnouncementEditor } from './AnnouncementEditor';
import { PUBLISH_STATE_LABELS } from '../parts/publish-states';

/** /admin/announcements: the association's announcements, publishing and withdrawing, and a new one. */
export function AnnouncementsPage() {
  const { association, canEdit } = useCurrentAssociation();
  const list = useOperatorAnnouncements(association.associationId);
  const edit = useEditing<OperatorAnnouncement>();
  return (
    <AdminPage
      title="お知らせ"
      intro={`${association.associationName}の会員に表示するお知らせです。公開すると、掲載開始日時から会員のホームと一覧に未読として表示されます。`}
      readOnlyNotice="閲覧者の権限では作成・公開できません。"
    >
      {edit.notice}
      {canEdit && edit.editing ? <AnnouncementEditor key={edit.editing.id} item={edit.editing} onDone={edit.done} /> : null}
      {canEdit && !edit.editing ? <CreateAnnouncementForm /> : null}
      <QueryState query={list} label="お知らせ">
        {(data) => {
          const items = data.pages.flatMap((page) => page.items);
          if (items.length === 0) return <EmptyState title="お知らせはまだありません" />;
          return (
            <DataTable
              caption="お知らせの一覧"
              columns={['タイトル', '状態', '掲載期間', { label: '既読', number: true }, '操作']}
              more={list}
            >
              {items.map((item) => (
                <AnnouncementRow key={item.id} item={item} onEdit={() => edit.start(item)} />
              ))}
            </DataTable>
          );
        }}
      </QueryState>
    </AdminPage>
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
      <td className="nowrap">{PUBLISH_STATE_LABELS[item.state]}</td>
      <td>
        <PublishPeriod from={item.publishFrom} until={item.publishUntil} />
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
    loadSchema: () => loadContentCalls().then((calls) => calls.createOperatorAnnouncement.input),
    mutation: create,
    beforeSubmit: () => setDone(null),
    onSuccess: (result: OperatorAnnouncement) => {
      setDone(result.publishedAt ? `「${result.title}」を公開しました。` : `「${result.title}」を下書きとして保存しました。`);
      reset();
    },
  });
  return (
    <FormCard
      id="new-announcement"
      heading="お知らせを作成する"
      form={form}
      done={done}
      submitLabel="保存する"
      submits={() => ({ associationId: association.associationId, ...announcementInput(values), publish: values.publish })}
    >
      <AnnouncementFields values={values} set={set} field={field} errors={form.errors} />
      <Checkbox
        label="すぐに公開する（外すと下書き）"
        checked={values.publish}
        onChange={(event) => setValues({ ...values, publish: event.target.checked })}
      />
    </FormCard>
  );
}
