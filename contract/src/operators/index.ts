import type { CallDefinition } from '../define';
import * as audit from './audit';
import * as signIn from './sign-in';

/** The operators' own calls (mf-admin, bff/src/operators): their sign-in and what is theirs alone. */
export const operatorCalls = {
  getOperatorSession: signIn.getOperatorSession,
  operatorSignIn: signIn.operatorSignIn,
  verifyOperatorTotp: signIn.verifyOperatorTotp,
  startOperatorTotpEnrolment: signIn.startOperatorTotpEnrolment,
  confirmOperatorTotpEnrolment: signIn.confirmOperatorTotpEnrolment,
  operatorSignOut: signIn.operatorSignOut,
  listOperatorAuditLogs: audit.listOperatorAuditLogs,
  listOperatorStaff: audit.listOperatorStaff,
} as const satisfies Record<string, CallDefinition>;

export { OperatorErrorCodes, TOTP_DIGITS, operatorProfileSchema, operatorRoleSchema, operatorSessionStates, totpCode } from './sign-in';
export type { OperatorAssociationRole, OperatorProfile, OperatorSessionState } from './sign-in';
export { operatorAuditEntrySchema } from './audit';
export type { OperatorAuditEntry } from './audit';
export { OPERATOR_PERIOD_MAX_DAYS, daySeries, operatorAssociationId, operatorPeriodInput, operatorRecordId } from './shared';
export type { DaySeries, OperatorPeriodInput } from './shared';
