import { Button, Card, FormError, Notice, SectionHeading, Stack, Text } from '@sukoyaka/shared';
import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import styled from 'styled-components';

/** An editor's two columns: the form and, beside it (below it when narrow), the preview. */
export const EditorColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(3)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr));
  align-items: start;
`;

/** The preview's frame: the member's page, marked as a preview. */
export const PreviewFrame = styled.section`
  border: 2px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => theme.spacing(2)};
  background: ${({ theme }) => theme.colors.surface};
  min-width: 0;
`;

/**
 * The editor's heading, focused and scrolled to when the editor opens: it is opened from a row
 * below, and is where keyboard and screen-reader users go next.
 */
export function useOpenedHeading() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  return heading;
}

/**
 * Editing a published or draft item (an announcement, an article) beside a preview drawn by the
 * members' own rendering: the heading focused on opening, what saving a published item does, the
 * form's error, the fields with save and cancel, and the preview.
 */
export function EditorCard({
  id,
  title,
  published,
  formError,
  formLabel,
  formProps,
  busy,
  onCancel,
  fields,
  preview,
}: {
  /** The heading's id; the preview's label is `${id}-preview`. */
  id: string;
  title: string;
  /** Shown when the item is published: saving changes what members read at once. */
  published: string | null;
  formError: string | null | undefined;
  formLabel: string;
  formProps: ComponentProps<'form'>;
  busy: boolean;
  onCancel: () => void;
  fields: ReactNode;
  preview: ReactNode;
}) {
  const heading = useOpenedHeading();
  return (
    <Card aria-labelledby={id}>
      <Stack $gap={2}>
        <SectionHeading id={id} ref={heading} tabIndex={-1}>
          {title}
        </SectionHeading>
        {published ? <Text $muted>{published}</Text> : null}
        {formError ? <FormError>{formError}</FormError> : null}
        <EditorColumns>
          <form aria-label={formLabel} {...formProps}>
            <Stack $gap={2}>
              {fields}
              <Stack $gap={1} style={{ flexDirection: 'row', flexWrap: 'wrap' }}>
                <Button type="submit" busy={busy}>
                  変更を保存する
                </Button>
                <Button variant="secondary" onClick={onCancel}>
                  編集をやめる
                </Button>
              </Stack>
            </Stack>
          </form>
          <PreviewFrame aria-labelledby={`${id}-preview`}>
            <Stack $gap={1.5}>
              <Text id={`${id}-preview`} $muted>
                プレビュー（会員の画面での見え方）
              </Text>
              {preview}
            </Stack>
          </PreviewFrame>
        </EditorColumns>
      </Stack>
    </Card>
  );
}

/**
 * A list page's editing of one of its items: the item open in the editor (then the create form
 * is hidden), and the editor's outcome shown as a notice once it closes.
 */
export function useEditing<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [edited, setEdited] = useState<string | null>(null);
  return {
    editing,
    start: (item: T) => {
      setEdited(null);
      setEditing(item);
    },
    done: (message: string | null) => {
      setEditing(null);
      setEdited(message);
    },
    notice: edited ? <Notice role="status">{edited}</Notice> : null,
  };
}

/** What saving an item says: published, members read the new text at once; a draft stays one. */
export const savedMessage = (item: { title: string; publishedAt: string | null }) =>
  item.publishedAt
    ? `「${item.title}」を更新しました。会員には新しい内容が表示されます。`
    : `「${item.title}」を更新しました（下書きのままです）。`;
