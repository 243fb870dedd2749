import { parseArticleBody, type ArticleInline } from '@sukoyaka/contract/content';
import { AppLink, Stack } from '@sukoyaka/shared';
import { Fragment } from 'react';
import styled from 'styled-components';

const Body = styled(Stack)`
  h2,
  h3 {
    margin: ${({ theme }) => theme.spacing(1, 0, 0)};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  h3 {
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
`;

function Inline({ parts }: { parts: ArticleInline[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'bold' ? (
          <strong key={index}>{part.text}</strong>
        ) : part.kind === 'link' ? (
          <AppLink key={index} href={part.path}>
            {part.text}
          </AppLink>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * An article's body (decision 0030): the contract's parse of its Markdown subset drawn as React
 * elements. Every piece of the operator's text is a text node; no HTML string ever reaches the DOM.
 */
export function ArticleBody({ body }: { body: string }) {
  return (
    <Body $gap={1.5}>
      {parseArticleBody(body).map((block, index) => {
        if (block.kind === 'heading') {
          const Tag = block.level === 2 ? 'h2' : 'h3';
          return (
            <Tag key={index}>
              <Inline parts={block.content} />
            </Tag>
          );
        }
        if (block.kind === 'list') {
          const Tag = block.ordered ? 'ol' : 'ul';
          return (
            <Tag key={index}>
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <Inline parts={item} />
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
                <Inline parts={line} />
              </Fragment>
            ))}
          </p>
        );
      })}
    </Body>
  );
}
