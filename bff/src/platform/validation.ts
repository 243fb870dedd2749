import { ErrorCodes } from '@sukoyaka/contract';
import type { z } from 'zod';
import { HttpError } from './errors';

/** Turns a failed parse into the 400 the contract promises: the first message, and every field's. */
export function invalidParameters(error: z.ZodError): HttpError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  const first = error.issues[0]?.message ?? '入力内容に誤りがあります。';
  return new HttpError(400, ErrorCodes.invalidParameters, first, fields);
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidParameters(result.error);
  return result.data;
}
