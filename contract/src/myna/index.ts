import type { CallDefinition } from '../define';
import { mynaConnectionCalls } from './connection';
import { mynaFileCalls } from './files';
import { mynaReceiptCalls } from './receipts';
import { mynaRecordCalls } from './records';
import { mynaSecretQuestionCalls } from './secret-question';

/** The My Number Portal area's calls (mf-myna, mf-health's record pages; bff/src/myna). */
export const mynaCalls = {
  ...mynaConnectionCalls,
  ...mynaSecretQuestionCalls,
  ...mynaRecordCalls,
  ...mynaFileCalls,
  ...mynaReceiptCalls,
} as const satisfies Record<string, CallDefinition>;

export * from './shared';
export * from './connection';
export * from './secret-question';
export * from './records';
export * from './files';
export * from './receipts';
export * from './judgements';
