import type { OperatorAnnouncement } from '@sukoyaka/contract';
import type { AnnouncementCategory } from '@sukoyaka/contract/announcement-categories';
import { announcementCategoryLabels } from '@sukoyaka/contract/announcement-categories';
import { useContractForm, useFormValues, loadContentCalls } from '@sukoyaka/shared';
import { AnnouncementView } from '@sukoyaka/shared/widgets';
import { useUpdateAnnouncement } from '../api/content';
import { AnnouncementFields, announcementInput } from '../parts/announcement-fields';
import { useCurrentAssociation } from '../parts/association';
import { japanLocalOf, japanMoment } from '../parts/datetime';
import { EditorCard, savedMessage } from '../parts/editor-frame';

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
    loadSchema: () => loadContentCalls().then((calls) => calls.updateOperatorAnnouncement.input),
    mutation: update,
    onSuccess: (result: OperatorAnnouncement) => onDone(savedMessage(result)),
  });
  return (
    <EditorCard
      id="edit-announcement"
      title={`お知らせを編集する：${item.title}`}
      published={item.publishedAt ? '公開中のお知らせです。保存すると、会員にはすぐに新しい内容が表示されます。' : null}
      formError={form.formError}
      formLabel="お知らせの編集"
      formProps={form.formProps(() => ({
        associationId: association.associationId,
        announcementId: item.id,
        ...announcementInput(values),
      }))}
      busy={form.isPending}
      onCancel={() => onDone(null)}
      fields={<AnnouncementFields values={values} set={set} field={field} errors={form.errors} />}
      preview={
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
      }
    />
  );
}
