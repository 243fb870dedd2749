import { eq } from 'drizzle-orm';
import { mynaDataKeys } from '../src/db/schema';
import { createKeyring, generateDataKey, unwrapDataKey, wrapDataKey } from '../src/platform/crypto';
import { MemberKey, rewrapMynaDataKeys } from '../src/myna/keys';
import { testContextForFile, createMember } from './helpers';

/*
 * Issue 12, keys: every member's My Number data is sealed with a data key of their own, stored
 * wrapped by the configured key; a rotation of the configured key wraps the data keys again and
 * leaves the records as they are. Values are bound to where they are stored.
 */

const ctx = testContextForFile();

test('a key rotation re-wraps each data key with the new configured key; the records it sealed still open', async () => {
  const member = await createMember(ctx.db);
  const oldKey = generateDataKey();
  const newKey = generateDataKey();
  const dataKey = generateDataKey();
  const context = `myna_data_keys:${member.id}`;
  await ctx.db
    .insert(mynaDataKeys)
    .values({ userId: member.id, wrappedKey: wrapDataKey(createKeyring(oldKey), dataKey, context), createdAt: new Date() });
  const sealed = new MemberKey(dataKey).seal('myna_medical_exams.payload', 'row-1', '{"ldl":142}');

  // The new key current, the old one still accepted: one data key to wrap again, then none.
  expect(await rewrapMynaDataKeys(ctx.db, createKeyring(newKey, [oldKey]))).toBe(1);
  expect(await rewrapMynaDataKeys(ctx.db, createKeyring(newKey, [oldKey]))).toBe(0);
  const [row] = await ctx.db.select().from(mynaDataKeys).where(eq(mynaDataKeys.userId, member.id));
  // Without the old key now.
  const unwrapped = unwrapDataKey(createKeyring(newKey), row!.wrappedKey, context);
  expect(new MemberKey(unwrapped).open('myna_medical_exams.payload', 'row-1', sealed)).toBe('{"ldl":142}');
});

test('a sealed value opens only where it was stored; natural keys are the same for the same id of one member only', () => {
  const key = new MemberKey(generateDataKey());
  const sealed = key.seal('myna_dispensings.payload', 'row-1', 'アムロジピン');
  expect(sealed).not.toContain('アムロジピン');
  expect(key.open('myna_dispensings.payload', 'row-1', sealed)).toBe('アムロジピン');
  expect(() => key.open('myna_dispensings.payload', 'row-2', sealed)).toThrow();
  expect(() => key.open('myna_medical_bills.payload', 'row-1', sealed)).toThrow();
  expect(() => new MemberKey(generateDataKey()).open('myna_dispensings.payload', 'row-1', sealed)).toThrow();

  expect(key.naturalKey('dispensing', 'D-1')).toBe(key.naturalKey('dispensing', 'D-1'));
  expect(key.naturalKey('dispensing', 'D-1')).not.toBe(key.naturalKey('bill', 'D-1'));
  expect(key.naturalKey('dispensing', 'D-1')).not.toContain('D-1');
  expect(new MemberKey(generateDataKey()).naturalKey('dispensing', 'D-1')).not.toBe(key.naturalKey('dispensing', 'D-1'));
});
