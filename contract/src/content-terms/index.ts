/*
 * What pages show of the content area's calls without a schema (issue 27's script budget): its
 * constants, the names members read, its paths and pure helpers. A module of its own
 * (`@sukoyaka/contract/content-terms`), without zod: a page that only names these loads this
 * module, not the area's schemas (`@sukoyaka/contract/content`, which import them from here) and
 * zod/mini.
 */
export * from './articles';
export * from './article-body';
export * from './inquiries';
export * from './enquetes';
export * from './documents';
