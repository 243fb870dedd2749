import { calls, type CallDefinition } from '@sukoyaka/contract';
import { z } from 'zod/mini';
import { callOutputWriter } from '../src/platform/call-output';

const reading = (i: number) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  measuredAt: '2026-11-27T01:00:00.000Z',
  systolic: 120 + i,
  diastolic: 80,
  pulse: i % 2 ? null : 70,
  source: 'manual' as const,
  createdAt: '2026-11-27T01:00:05.000Z',
});

describe('the compiled writer of a call’s answer', () => {
  it('writes what zod’s parse and JSON.stringify wrote, without what a query returned beyond the contract', () => {
    const page = { items: [0, 1, 2].map((i) => ({ ...reading(i), userId: 'someone', sealed: 'x' })), nextCursor: 'abc', total: 3 };
    const write = callOutputWriter('listBloodPressures', calls.listBloodPressures, false);
    const text = write(page);
    expect(text).toBe(JSON.stringify(calls.listBloodPressures.output.parse(page)));
    expect(text).not.toMatch(/userId|sealed|total/);
  });

  it('writes a nullable object with its own properties only, and null as null', () => {
    const write = callOutputWriter('getDeliveryAddress', calls.getDeliveryAddress, false);
    const address = {
      name: '山田 花子',
      postalCode: '1000001',
      prefecture: '東京都',
      city: '千代田区',
      street: '千代田1-1',
      building: '',
      phone: '0312345678',
    };
    expect(JSON.parse(write({ address: { ...address, userId: 'someone' } }))).toEqual({ address });
    expect(write({ address: null })).toBe('{"address":null}');
  });

  it('writes an answer that is a union through zod’s parse, without what it carries beyond the branch', () => {
    const output = z.object({
      result: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('score'), points: z.number() }),
        z.object({ kind: z.literal('outOfRange') }),
      ]),
    });
    const call = { ...calls.listBloodPressures, output } as unknown as CallDefinition;
    const write = callOutputWriter('listBloodPressures', call, false);
    expect(write({ result: { kind: 'score', points: 3, internal: 1 } })).toBe('{"result":{"kind":"score","points":3}}');
    expect(write({ result: { kind: 'outOfRange', points: 3 } })).toBe('{"result":{"kind":"outOfRange"}}');
  });

  it('where outputs are checked, refuses an answer off the contract as zod did', () => {
    const write = callOutputWriter('listBloodPressures', calls.listBloodPressures, true);
    expect(() => write({ items: [{ ...reading(1), systolic: '120' }], nextCursor: null })).toThrow(z.core.$ZodError);
    expect(JSON.parse(write({ items: [reading(1)], nextCursor: null }))).toEqual({ items: [reading(1)], nextCursor: null });
  });

  it('where outputs are checked, fails when the written text is not what zod’s result would be', () => {
    // A transform has no JSON Schema: the writer would send the value as it came, zod the transformed one.
    const call = {
      ...calls.listBloodPressures,
      output: z.object({
        count: z.pipe(
          z.string(),
          z.transform((text) => text.length),
        ),
      }),
    };
    const write = callOutputWriter('listBloodPressures', call as unknown as CallDefinition, true);
    expect(() => write({ count: 'abc' })).toThrow("listBloodPressures: the compiled output writer differs from the contract's zod schema");
  });
});
