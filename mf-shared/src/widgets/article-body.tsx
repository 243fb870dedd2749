import type { ArticleBlock, ArticleInline } from '@sukoyaka/contract';
import { Fragment } from 'react';
import styled from 'styled-components';
import { AppLink, Stack } from '@sukoyaka/shared';

const Body = styled(Stack)`
  .heading {
    margin: ${({ theme }) => theme.spacing(1, 0, 0)};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  .heading.minor {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p,
  ul,
  ol {
    margin: 0;
    line-height: 1.8;
    overflow-wrap: anywhere;
  }
  ul,
  ol {
    padding-left: ${({ theme }) => theme.spacing(3)};
  }
  .preview-link {
    text-decoration: underline;
  }
`;

function Inline({ parts, preview }: { parts: ArticleInline[]; preview: boolean }) {
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'bold' ? (
          <strong key={index}>{part.text}</strong>
        ) : part.kind === 'link' ? (
          // The operators' preview names the link's target but stays on the editing page.
          preview ? (
            <span key={index} className="preview-link" title={`リンク先: ${part.path}`}>
              {part.text}
            </span>
          ) : (
            <AppLink key={index} href={part.path}>
              {part.text}
            </AppLink>
          )
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * An article's body (decision 0030) from the contract's parse of its Markdown subset, drawn as
 * React elements: every piece of the operator's text is a text node, no HTML string ever reaches
 * the DOM. One rendering for the member's article page and mf-admin's preview before saving. The
 * caller parses (`parseArticleBody`), so this module needs only the contract's types.
 */
export function ArticleBlocks({ blocks, preview = false }: { blocks: readonly ArticleBlock[]; preview?: boolean }) {
  return (
    <Body $gap={1.5}>
      {blocks.map((block, index) => {
        if (block.kind === 'heading') {
          // In the preview the article's title is an h2 (the editor's page has its own h1): one level down.
          const Tag = preview ? (block.level === 2 ? 'h3' : 'h4') : block.level === 2 ? 'h2' : 'h3';
          return (
            <Tag key={index} className={block.level === 2 ? 'heading' : 'heading minor'}>
              <Inline parts={block.content} preview={preview} />
            </Tag>
          );
        }
        if (block.kind === 'list') {
          const Tag = block.ordered ? 'ol' : 'ul';
          return (
            <Tag key={index}>
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <Inline parts={item} preview={preview} />
                </li>
              ))}
            </Tag>
          );
        }
        return (
          <p key={index}>
            {block.lines.map((line, lineIndex) => (
              <Fragment key={lineIndex}>
                {lineIndex > 0 ? <br /> : null}
                <Inline parts={line} preview={preview} />
              </Fragment>
            ))}
          </p>
        );
      })}
    </Body>
  );
}
