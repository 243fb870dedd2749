import { z } from 'zod/mini';
import { defineCall } from './define';
import { calls } from './index';

describe('defineCall: a call’s schemas are built on first read (issue 9)', () => {
  test('loading a call builds nothing; the first read builds the schema once, later reads get the same one', () => {
    const built: string[] = [];
    const call = defineCall({
      name: 'example',
      method: 'POST',
      access: 'member',
      summary: 'An example.',
      input: () => {
        built.push('input');
        return z.object({ id: z.string() });
      },
      output: () => {
        built.push('output');
        return z.object({ ok: z.boolean() });
      },
    });
    expect(built).toEqual([]);
    const input = call.input;
    expect(built).toEqual(['input']);
    expect(call.input).toBe(input);
    expect(input.safeParse({ id: 'a' }).success).toBe(true);
    expect(built).toEqual(['input']);
    expect(call.output.parse({ ok: true })).toEqual({ ok: true });
    expect(built).toEqual(['input', 'output']);
  });

  test('every call of the contract answers its schemas, each read giving the same object', () => {
    for (const [name, call] of Object.entries(calls)) {
      expect({ name, input: call.input instanceof z.ZodMiniType, output: call.output instanceof z.ZodMiniType }).toEqual({
        name,
        input: true,
        output: true,
      });
      expect(call.input).toBe(call.input);
      expect(call.output).toBe(call.output);
    }
  });
});
