/*
 * What pages show of the health area's calls without a schema (issue 27's script budget): days
 * and periods in Japan (members live in Japan: a "day" of steps, a list's period or an activity
 * event is a Japanese day), the vitals' named choices and their names, the Fitbit connection's
 * pages. A module of its own (`@sukoyaka/contract/health-terms`), without zod: the vitals pages
 * compute their periods and name readings with it and load the health schemas
 * (`@sukoyaka/contract/health`, which import these from here) and zod/mini only when a form is
 * used. The forecast's score is a module of its own, `@sukoyaka/contract/forecast`.
 */
export * from './japan-days';
export * from './vital-labels';
export * from './fitbit-pages';
