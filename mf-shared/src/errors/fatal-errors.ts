import { ErrorCodes, pagePaths, stepUpPages } from '@sukoyaka/contract';
import { toAppError, type AppError } from '../api/app-error';

/** What the fatal-error boundary does with an error (spec §4 "Fatal-error handling", §8). */
export type FatalErrorAction =
  | { kind: 'accountLocked' }
  | { kind: 'suspended' }
  | { kind: 'redirect'; to: typeof pagePaths.underMaintenance | typeof pagePaths.suspensionNotice | typeof pagePaths.emailNotVerified }
  | { kind: 'generic'; heading: string; message: string; homeLink: boolean; statusCode: number | undefined; code: string | undefined };

/** Spec §8, "Generic page messages". */
export const GENERIC_MESSAGES = {
  401: { message: '認証エラーです。', homeLink: false },
  400: { message: '不正な要求です。', homeLink: true },
  404: { message: 'おや？存在しないページのようです。', homeLink: true },
  500: { message: 'システムエラーです', homeLink: false },
  ECONNABORTED: { message: 'タイムアウトが発生しました。通信環境をご確認の上再度お試しください。', homeLink: false },
  ERR_NETWORK: { message: '通信エラーが発生しました。通信環境をご確認の上再度お試しください。', homeLink: false },
} as const;

/** Headings for failures that have no HTTP status: the member still needs to read what happened. */
const TRANSPORT_HEADINGS: Record<string, string> = {
  ECONNABORTED: 'タイムアウト',
  ERR_NETWORK: '通信エラー',
};

/** True when the status code or the response text names the identifier (spec §4). */
function names(error: AppError, identifier: string): boolean {
  if (error.serverCode === identifier) return true;
  const body = error.responseMessage;
  return typeof body === 'string' && body.includes(identifier);
}

export function classifyFatalError(thrown: unknown): FatalErrorAction {
  const error = toAppError(thrown);
  if (names(error, ErrorCodes.systemAccountLocked)) return { kind: 'accountLocked' };
  if (names(error, ErrorCodes.userIsSuspended)) return { kind: 'suspended' };
  if (
    error.statusCode === 503 ||
    names(error, ErrorCodes.userNotAssociationVerified) ||
    names(error, ErrorCodes.associationUnderMaintenance)
  ) {
    return { kind: 'redirect', to: pagePaths.underMaintenance };
  }
  if (names(error, ErrorCodes.userMembershipExpired)) return { kind: 'redirect', to: pagePaths.suspensionNotice };
  // Ours: an account whose address is not verified yet is sent where it can resend the mail.
  if (names(error, ErrorCodes.userEmailNotVerified)) return { kind: 'redirect', to: pagePaths.emailNotVerified };

  const key = (error.statusCode ?? error.code) as keyof typeof GENERIC_MESSAGES | undefined;
  const known = key !== undefined ? GENERIC_MESSAGES[key] : undefined;
  const heading = error.statusCode ? String(error.statusCode) : (TRANSPORT_HEADINGS[error.code ?? ''] ?? 'エラー');
  if (known)
    return { kind: 'generic', heading, message: known.message, homeLink: known.homeLink, statusCode: error.statusCode, code: error.code };
  // Unknown errors show their own message (spec §8); the bff's Japanese one when it sent one.
  return {
    kind: 'generic',
    heading,
    message: error.serverMessage ?? error.message,
    homeLink: false,
    statusCode: error.statusCode,
    code: error.code,
  };
}

/** Errors that end the page whichever call met them: the account conditions of spec §8. */
export function isAccountConditionError(thrown: unknown): boolean {
  const action = classifyFatalError(thrown);
  return action.kind !== 'generic';
}

/**
 * The confirmation page a step-up error asks for (/prompt_auth, /sensitive_verification, …),
 * with the way back to where the member was; null for any other error.
 */
export function stepUpRedirect(thrown: unknown, location: Pick<Location, 'pathname' | 'search'>): string | null {
  const code = toAppError(thrown).serverCode;
  if (!code || !(code in stepUpPages)) return null;
  const page = stepUpPages[code as keyof typeof stepUpPages];
  return `${page}?return_to=${encodeURIComponent(location.pathname + location.search)}`;
}
