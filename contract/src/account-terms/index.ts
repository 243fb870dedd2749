/*
 * What pages show of the account area's calls without a schema (issue 27's script budget): its
 * constants, the names members read, its paths and pure helpers. A module of its own
 * (`@sukoyaka/contract/account-terms`), without zod: a page that only names these loads this
 * module, not the area's schemas (`@sukoyaka/contract/account`, which import them from here) and
 * zod/mini.
 */
export * from './password';
export * from './sms-code';
export * from './notifications';
export * from './member-data';
