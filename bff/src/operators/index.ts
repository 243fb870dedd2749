// The operators' area (mf-admin's sign-in and accounts), as one record for app.ts.
export { operatorHandlers } from './handlers';
export { DEMO_OPERATOR, seedDemoOperator } from './demo-seed';
