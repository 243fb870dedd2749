// The whole package: mf-shared's HTTP client (spec §7) is an axios instance, and axios's default
// instance holds everything its named exports offer, so there is nothing to trim.
export * from 'axios';
export { default } from 'axios';
