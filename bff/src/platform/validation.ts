import { ErrorCodes } from '@sukoyaka/contract';
import { z } from 'zod';
import { HttpError } from './errors';

/** Turns a failed parse into the 400 the contract promises: the first message, and every field's. */
// The core's error and schema types: the contract's schemas are zod/mini's, the bff's own classic.
export function invalidParameters(error: z.core.$ZodError): HttpError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  const first = error.issues[0]?.message ?? '入力内容に誤りがあります。';
  return new HttpError(400, ErrorCodes.invalidParameters, first, fields);
}

export function parseOrThrow<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw invalidParameters(result.error);
  return result.data;
}

// In a /u pattern a surrogate pair is one code point, so \p{Cs} matches only a lone surrogate.
const MALFORMED_TEXT = /[\p{Cs}\0]/u;

/**
 * The first text in `value` (a parsed query or body, walked before the schema) that is not
 * well-formed Unicode (a lone surrogate) or holds NUL, which PostgreSQL cannot store in text:
 * its path, or null. Keys are checked as well as values.
 */
export function findMalformedText(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return MALFORMED_TEXT.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findMalformedText(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (MALFORMED_TEXT.test(key)) return [...path, key.replace(/[\p{Cs}\0]/gu, '\uFFFD')];
      const found = findMalformedText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * A query string's parameter whose percent-encoding is not UTF-8 (a lone surrogate encoded as
 * %ED%A0%80, a stray %FF): the query parser keeps such a value as its raw text, so it is found
 * here, by name, before that text could pass for what was sent.
 */
export function findUndecodableQuery(url: string): string[] | null {
  const start = url.indexOf('?');
  if (start < 0) return null;
  for (const pair of url.slice(start + 1).split('&')) {
    const [rawName = '', rawValue = ''] = pair.split('=', 2);
    const decode = (text: string) => {
      try {
        return decodeURIComponent(text.replaceAll('+', ' '));
      } catch {
        return null;
      }
    };
    const name = decode(rawName);
    if (name === null) return [rawName];
    if (decode(rawValue) === null) return [name];
  }
  return null;
}

function malformedTextError(path: string[]): HttpError {
  const field = path.length > 0 ? path.join('.') : '_';
  const message = path.length > 0 ? `「${field}」に使用できない文字が含まれています。` : '使用できない文字が含まれています。';
  return new HttpError(400, ErrorCodes.invalidParameters, message, { [field]: [message] });
}

/** Refuses a query string whose percent-encoding is not UTF-8 (before the schema reads it). */
export function assertDecodableQuery(url: string): void {
  const path = findUndecodableQuery(url);
  if (path) throw malformedTextError(path);
}

/**
 * Refuses input holding text that cannot be stored as it was sent, naming the field. Called after
 * the schema accepted the input, so a field whose schema refuses such text itself (the nickname's
 * control characters) keeps its own message.
 */
export function assertWellFormedText(input: unknown): void {
  const path = findMalformedText(input);
  if (path) throw malformedTextError(path);
}
