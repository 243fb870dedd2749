export * from '@sukoyaka/contract';
