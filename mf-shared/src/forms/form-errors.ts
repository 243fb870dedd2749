import type { z } from 'zod/mini';
import { toAppError, type AppError } from '../api/app-error';
import { classifyFatalError } from '../errors/fatal-errors';

export type FieldErrors = Record<string, string | undefined>;

/**
 * Validates form values with the contract's schema before sending, so the member reads the
 * same Japanese message the bff would answer with. The first message of each field is kept.
 */
export function validateInput<S extends z.ZodMiniType>(
  schema: S,
  values: unknown,
): { data: z.output<S>; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    errors[key] ??= issue.message;
  }
  return { data: null, errors };
}

/** The field messages of a 400 answer, first message per field. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const fields = toAppError(error).fieldErrors;
  return Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, messages[0]]));
}

/** A sentence for the member about a failed call: the bff's own message, or the §8 table's. */
export function describeError(error: unknown): string {
  const appError = toAppError(error);
  if (appError.serverMessage) return appError.serverMessage;
  const action = classifyFatalError(appError);
  return action.kind === 'generic' ? action.message : 'エラーが発生しました。';
}

/**
 * The failure to show above a form, or null while there is none to show there: a 400 whose
 * messages name fields is shown at those fields instead. A 400 without field messages (a bad
 * request, a bad link) is shown above the form, so a failure is never left unsaid.
 */
export function formLevelError(error: unknown): AppError | null {
  if (!error) return null;
  const appError = toAppError(error);
  const atFields = Object.keys(appError.fieldErrors).some((field) => field !== '_');
  return appError.statusCode === 400 && atFields ? null : appError;
}
