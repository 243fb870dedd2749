import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod/mini';
import { defineCall, type CallDefinition } from '../define';
import { calls } from '../index';
import { compareContracts, formatDifferences } from './compare';
import { contractSchemas, type ContractSchemas } from './schemas';

const SNAPSHOT = path.resolve(__dirname, '..', '..', 'compat', 'release.json');

describe('the contract against the previous release (contract/compat/release.json)', () => {
  it('breaks no call a client of the previous release makes (additions pass)', () => {
    const released = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as { release: string; calls: ContractSchemas };
    const differences = compareContracts(released.calls, contractSchemas(calls));
    if (differences.length > 0) {
      throw new Error(
        `The contract breaks clients of release ${released.release}:\n${formatDifferences(differences)}\n` +
          'Keep the old shape (add, do not change), or, at a new release once every area is rebuilt, run npm run contract:snapshot.',
      );
    }
    expect(differences).toEqual([]);
  });
});

describe('compareContracts: what breaks an old client', () => {
  const call = (input: z.ZodMiniType, output: z.ZodMiniType, extra: Partial<Omit<CallDefinition, 'input' | 'output'>> = {}) =>
    defineCall({ name: 'x', method: 'POST', access: 'member', summary: 'x', input: () => input, output: () => output, ...extra });
  const base = call(
    z.object({ id: z.string(), note: z.optional(z.string().check(z.maxLength(100))), kind: z.enum(['a', 'b']) }),
    z.object({ items: z.array(z.object({ value: z.number(), unit: z.string() })), next: z.nullable(z.string()) }),
  );
  const diff = (current: CallDefinition, previous: CallDefinition = base) =>
    compareContracts(contractSchemas({ x: previous }), contractSchemas({ x: current })).map((d) => `${d.where} ${d.problem}`.trim());

  it('passes an identical call and additions: a new call, a new optional input, a new output field, a wider input', () => {
    expect(diff(base)).toEqual([]);
    expect(compareContracts(contractSchemas({ x: base }), contractSchemas({ x: base, y: base }))).toEqual([]);
    const grown = call(
      z.object({
        id: z.string(),
        note: z.optional(z.string().check(z.maxLength(200))),
        kind: z.enum(['a', 'b', 'c']),
        extra: z.optional(z.boolean()),
      }),
      z.object({
        items: z.array(z.object({ value: z.number(), unit: z.string(), at: z.string() })),
        next: z.nullable(z.string()),
        total: z.number(),
      }),
    );
    expect(diff(grown)).toEqual([]);
  });

  it('fails a removed call', () => {
    expect(compareContracts(contractSchemas({ x: base }), {})).toEqual([{ call: 'x', where: '', problem: 'この呼び出しがなくなりました' }]);
  });

  it('fails a removed or newly required input field', () => {
    const removed = call(z.object({ id: z.string(), kind: z.enum(['a', 'b']) }), base.output);
    expect(diff(removed)).toEqual(['input.note 入力項目がなくなりました']);
    const required = call(z.object({ id: z.string(), note: z.string().check(z.maxLength(100)), kind: z.enum(['a', 'b']) }), base.output);
    expect(diff(required)).toEqual(['input.note 入力項目が必須になりました']);
  });

  it('fails a removed output field, or one that may now be missing', () => {
    const removed = call(base.input, z.object({ items: z.array(z.object({ value: z.number() })), next: z.nullable(z.string()) }));
    expect(diff(removed)).toEqual(['output.items[].unit 出力項目がなくなりました']);
    const optional = call(
      base.input,
      z.object({ items: z.array(z.object({ value: z.number(), unit: z.string() })), next: z.optional(z.nullable(z.string())) }),
    );
    expect(diff(optional)).toEqual(['output.next 出力項目が省略されることがあるようになりました']);
  });

  it('fails a narrowed type: another type, fewer enum values, a tighter bound, a lost null', () => {
    const retyped = call(
      z.object({ id: z.number(), note: z.optional(z.string().check(z.maxLength(100))), kind: z.enum(['a', 'b']) }),
      base.output,
    );
    expect(diff(retyped)).toEqual(['input.id 型が変わりました (string → number)']);
    const fewer = call(
      z.object({ id: z.string(), note: z.optional(z.string().check(z.maxLength(100))), kind: z.enum(['a']) }),
      base.output,
    );
    expect(diff(fewer)).toEqual(['input.kind 受け付けなくなった値があります ("b")']);
    const tighter = call(
      z.object({ id: z.string(), note: z.optional(z.string().check(z.maxLength(50))), kind: z.enum(['a', 'b']) }),
      base.output,
    );
    expect(diff(tighter)).toEqual(['input.note maxLength が厳しくなりました (100 → 50)']);
    const outputRetyped = call(
      base.input,
      z.object({ items: z.array(z.object({ value: z.string(), unit: z.string() })), next: z.nullable(z.string()) }),
    );
    expect(diff(outputRetyped)).toEqual(['output.items[].value 型が変わりました (number → string)']);
    const nullInput = call(
      z.object({ id: z.nullable(z.string()), note: z.optional(z.string().check(z.maxLength(100))), kind: z.enum(['a', 'b']) }),
      base.output,
    );
    expect(diff(base, nullInput)).toEqual(['input.id 型が変わりました (string|null → string)']);
  });

  it('fails a changed method, stricter access and a new step-up', () => {
    expect(diff(call(base.input, base.output, { method: 'GET' }))).toEqual(['メソッドが変わりました (POST → GET)']);
    expect(diff(call(base.input, base.output, { access: 'member' }), call(base.input, base.output, { access: 'visitor' }))).toEqual([
      '呼び出せる人が限られました (visitor → member)',
    ]);
    expect(diff(call(base.input, base.output, { stepUp: 'password' }))).toEqual(['追加の本人確認が必要になりました (password)']);
  });
});
