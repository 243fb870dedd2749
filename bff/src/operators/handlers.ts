import type { CallName } from '@sukoyaka/contract';
import type { Handler } from '../platform/handlers';
import { listOperatorAuditLogs, listOperatorStaff } from './audit-log';
import {
  confirmOperatorTotpEnrolment,
  getOperatorSession,
  operatorSignIn,
  operatorSignOut,
  startOperatorTotpEnrolment,
  verifyOperatorTotp,
} from './sign-in';

type OperatorCallName = Extract<
  CallName,
  | 'getOperatorSession'
  | 'operatorSignIn'
  | 'verifyOperatorTotp'
  | 'startOperatorTotpEnrolment'
  | 'confirmOperatorTotpEnrolment'
  | 'operatorSignOut'
  | 'listOperatorAuditLogs'
  | 'listOperatorStaff'
>;

/** The operators' own calls (contract/src/operators). */
export const operatorHandlers: { [N in OperatorCallName]: Handler<N> } = {
  getOperatorSession,
  operatorSignIn,
  verifyOperatorTotp,
  startOperatorTotpEnrolment,
  confirmOperatorTotpEnrolment,
  operatorSignOut,
  listOperatorAuditLogs,
  listOperatorStaff,
};
