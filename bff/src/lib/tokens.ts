import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// No 0/O, 1/I/L: a receipt or order number is read out over the phone.
const READABLE = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** `length` random letters and digits that cannot be mistaken for one another (receipt and order numbers). */
export function readableCode(length: number): string {
  return Array.from({ length }, () => READABLE[randomInt(READABLE.length)]).join('');
}
