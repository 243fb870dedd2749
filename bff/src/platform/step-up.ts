import { ErrorCodes, type StepUp } from '@sukoyaka/contract';
import type { SessionRow } from './sessions';
import { HttpError } from './errors';

/** How long a step-up confirmation lasts once given. */
export const STEP_UP_TTL_MS = 15 * 60 * 1000;

const requirement = {
  password: {
    expiresAt: (row: SessionRow) => row.passwordAuthExpiresAt,
    error: () => new HttpError(403, ErrorCodes.passwordAuthenticationRequired, '続けるには、パスワードを入力して本人確認をしてください。'),
  },
  birthday: {
    expiresAt: (row: SessionRow) => row.birthdayAuthExpiresAt,
    error: () => new HttpError(403, ErrorCodes.birthdayAuthenticationRequired, '続けるには、生年月日を入力して本人確認をしてください。'),
  },
  mynaSecretQuestion: {
    expiresAt: (row: SessionRow) => row.mynaSecretQuestionExpiresAt,
    error: () => new HttpError(403, ErrorCodes.mynaSecretQuestionAuthenticationRequired, '続けるには、秘密の質問に回答してください。'),
  },
} as const;

/** Whether the session holds this confirmation now (given, and not lapsed). */
export function hasStepUp(stepUp: StepUp, session: SessionRow, now: Date): boolean {
  const expiresAt = requirement[stepUp].expiresAt(session);
  return !!expiresAt && expiresAt.getTime() > now.getTime();
}

/** The server, not only the client, refuses a call whose confirmation is missing or has lapsed. */
export function assertStepUp(stepUp: StepUp, session: SessionRow, now: Date): void {
  if (!hasStepUp(stepUp, session, now)) throw requirement[stepUp].error();
}
