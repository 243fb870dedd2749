// The database schema, one file per owner (db/schema/<area>.ts); drizzle.config.ts reads this folder.
export * from './platform';
export * from './account';
export * from './health';
export * from './sleep';
export * from './fitbit';
export * from './incentives';
export * from './operators';
export * from './content';
export * from './delivery';
export * from './myna';
export * from './walking';
export * from './challenges';
export * from './articles';
export * from './article-images';
