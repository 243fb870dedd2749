import styled from 'styled-components';
import { AppLink, Badge, ButtonLinkStyle, Heading, japaneseDate, Stack, Text } from '@sukoyaka/shared';

const Paragraphs = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1.5)};
  p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    line-height: 1.8;
  }
`;

/**
 * Text an operator wrote, as text: paragraphs at blank lines, line breaks kept. It is never read
 * as HTML, so nothing an operator types can run in a member's browser.
 */
export function BodyText({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <Paragraphs>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </Paragraphs>
  );
}

/** What an announcement shows a member (the contract's Announcement, its category already in words). */
export interface AnnouncementViewProps {
  title: string;
  categoryLabel: string;
  body: string;
  linkPath: string | null;
  linkLabel: string | null;
  siteWide: boolean;
  /** When it became visible (ISO). */
  publishedAt: string;
  /**
   * The operators' preview: the same rendering, its link drawn but not followed (the preview
   * stays on the editing page).
   */
  preview?: boolean;
}

/**
 * One announcement as a member reads it at /announcements/:id, and as mf-admin previews it before
 * an edit is saved: one rendering, so what the operator sees is what members will see.
 */
export function AnnouncementView({
  title,
  categoryLabel,
  body,
  linkPath,
  linkLabel,
  siteWide,
  publishedAt,
  preview,
}: AnnouncementViewProps) {
  const label = linkLabel ?? '詳しく見る';
  return (
    <Stack $gap={2}>
      <Stack $gap={1}>
        <Text $muted>
          <Badge>{categoryLabel}</Badge> {japaneseDate(publishedAt)}
          {siteWide ? '・すこやかからのお知らせ' : ''}
        </Text>
        <Heading as={preview ? 'h2' : 'h1'}>{title}</Heading>
      </Stack>
      <BodyText text={body} />
      {linkPath ? (
        <div>
          {preview ? (
            <ButtonLinkStyle as="span" aria-disabled="true" title={`リンク先: ${linkPath}`}>
              {label}
            </ButtonLinkStyle>
          ) : (
            <ButtonLinkStyle as={AppLink} href={linkPath}>
              {label}
            </ButtonLinkStyle>
          )}
        </div>
      ) : null}
    </Stack>
  );
}
