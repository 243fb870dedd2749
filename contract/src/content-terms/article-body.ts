/*
 * The articles' rich text (decision 0030): a small Markdown subset, parsed here once for the bff
 * (reading time, checks) and the member's page (React elements, never HTML). Blocks are separated by
 * a blank line: "## " or "### " a heading, lines of "- " a bullet list, lines of "1. " a numbered
 * list, anything else a paragraph (a single line break kept). Inside a block: **bold** and
 * [text](/same-site/path). Everything else, "<b>" included, is text.
 */

export type ArticleInline = { kind: 'text'; text: string } | { kind: 'bold'; text: string } | { kind: 'link'; text: string; path: string };

export type ArticleBlock =
  | { kind: 'heading'; level: 2 | 3; content: ArticleInline[] }
  | { kind: 'paragraph'; lines: ArticleInline[][] }
  | { kind: 'list'; ordered: boolean; items: ArticleInline[][] };

/** A link's target: a path of this site only (never a scheme, never "//host"). */
export const ARTICLE_LINK_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/?=&%#:]*$/;

const INLINE = /\*\*([^*\n]+)\*\*|\[([^\]\n]+)\]\(([^)\s]+)\)/g;

export function parseArticleInline(text: string): ArticleInline[] {
  const parts: ArticleInline[] = [];
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, bold, label, path] = match;
    if (label !== undefined && path !== undefined && !ARTICLE_LINK_PATH.test(path)) continue;
    if (match.index > at) parts.push({ kind: 'text', text: text.slice(at, match.index) });
    parts.push(bold !== undefined ? { kind: 'bold', text: bold } : { kind: 'link', text: label!, path: path! });
    at = match.index + whole.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

const BULLET = /^[-・]\s+/;
const NUMBERED = /^\d{1,3}[.．]\s+/;

export function parseArticleBody(body: string): ArticleBlock[] {
  const blocks: ArticleBlock[] = [];
  for (const chunk of body.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0);
    if (lines.length === 0) continue;
    const heading = /^(#{2,3})\s+(.+)$/.exec(lines[0]!);
    if (heading && lines.length === 1) {
      blocks.push({ kind: 'heading', level: heading[1]!.length as 2 | 3, content: parseArticleInline(heading[2]!) });
    } else if (lines.every((line) => BULLET.test(line))) {
      blocks.push({ kind: 'list', ordered: false, items: lines.map((line) => parseArticleInline(line.replace(BULLET, ''))) });
    } else if (lines.every((line) => NUMBERED.test(line))) {
      blocks.push({ kind: 'list', ordered: true, items: lines.map((line) => parseArticleInline(line.replace(NUMBERED, ''))) });
    } else {
      blocks.push({ kind: 'paragraph', lines: lines.map(parseArticleInline) });
    }
  }
  return blocks;
}

/** The text a member reads (marks removed), for the reading time and the list's excerpt. */
export function articlePlainText(body: string): string {
  const inline = (parts: ArticleInline[]) => parts.map((part) => part.text).join('');
  return parseArticleBody(body)
    .map((block) =>
      block.kind === 'heading'
        ? inline(block.content)
        : block.kind === 'paragraph'
          ? block.lines.map(inline).join('\n')
          : block.items.map(inline).join('\n'),
    )
    .join('\n');
}

/** Characters a reader reads in a minute (Japanese, a common estimate). */
export const READING_CHARACTERS_PER_MINUTE = 500;

/** Minutes to read the body, at least one. */
export function readingMinutes(body: string): number {
  return Math.max(1, Math.ceil(articlePlainText(body).replace(/\s/g, '').length / READING_CHARACTERS_PER_MINUTE));
}
