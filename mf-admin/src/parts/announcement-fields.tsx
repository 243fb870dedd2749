import { announcementCategories, announcementCategoryLabels } from '@sukoyaka/contract/announcement-categories';
import { TextAreaField, TextField, type BoundField, type FieldErrors } from '@sukoyaka/shared';
import { Select } from '@sukoyaka/shared/widgets';
import { japanMoment } from './datetime';

/** An announcement's fields as the forms hold them: the creating form and the editor alike. */
export interface AnnouncementValues {
  title: string;
  category: string;
  body: string;
  linkPath: string;
  linkLabel: string;
  publishFrom: string;
  publishUntil: string;
}

type TextName = keyof AnnouncementValues;

/** What the create and update calls take of those fields (an empty link or end is none). */
export function announcementInput(values: AnnouncementValues) {
  return {
    title: values.title,
    category: values.category,
    body: values.body,
    linkPath: values.linkPath.trim() || null,
    linkLabel: values.linkLabel.trim() || null,
    publishFrom: japanMoment(values.publishFrom),
    publishUntil: values.publishUntil ? japanMoment(values.publishUntil) : null,
  };
}

/** The fields of one announcement, bound by the form's `useFormValues`. */
export function AnnouncementFields({
  values,
  set,
  field,
  errors,
}: {
  values: AnnouncementValues;
  set: (name: 'category') => (event: { target: { value: string } }) => void;
  field: (name: TextName, errors: FieldErrors) => BoundField;
  errors: FieldErrors;
}) {
  return (
    <>
      <TextField {...field('title', errors)} label="タイトル" />
      <Select
        label="カテゴリ"
        value={values.category}
        onChange={set('category')}
        options={announcementCategories.map((category) => ({ value: category, label: announcementCategoryLabels[category] }))}
      />
      <TextAreaField {...field('body', errors)} label="本文" />
      <TextField {...field('linkPath', errors)} label="リンク先（サイト内のパス。例: /enquetes）" optional />
      <TextField {...field('linkLabel', errors)} label="リンクの文言" optional />
      <TextField {...field('publishFrom', errors)} label="掲載開始日時" type="datetime-local" />
      <TextField {...field('publishUntil', errors)} label="掲載終了日時" type="datetime-local" optional />
    </>
  );
}
