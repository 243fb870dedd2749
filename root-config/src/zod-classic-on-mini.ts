import * as mini from 'zod/mini';
import { util } from 'zod/v4/core';

/*
 * The browser's zod is zod/mini (the same zod v4 core, under half of classic's bytes) with this layer
 * on top: the contract's schemas stay written in the classic API (`z.string().trim().max(50)`),
 * and the bff and the tests keep using classic zod itself. webpack.contract.cjs builds the shared
 * `zod` module from mini's members passed through `withClassicMethods`.
 *
 * Only the chain methods the contract's browser files call are here, each as classic defines it
 * (zod/v4/classic/schemas.js), so the same checks run and the same issues come out:
 * - every schema: optional, nullable, nullish, default, refine, superRefine, transform (whose
 *   function may call ctx.addIssue, as classic's may and mini's may not), pipe (parse and
 *   safeParse are mini's own);
 * - string: min and max (length), regex, trim, toLowerCase;
 * - number: min and max (gte, lte), int;
 * - array: min and max (length);
 * - object: extend, strict;
 * - enum: exclude.
 * A method not listed is missing in the browser: root-config/src/zod-mini-compat.test.ts builds
 * every call's schemas with this layer and parses the same inputs as classic zod, so a contract
 * that starts calling another one fails there (add it here, as classic writes it).
 * What classic does beyond this and the browser does not: classic installs a memoizer that stops
 * a parse through a reference cycle (form values and JSON have none), and falls back to English
 * messages when no locale is set (contract/src/zod-locale.ts sets Japanese before any schema).
 */

type Schema = mini.ZodMiniType;
type Params = string | { error?: unknown; message?: string; abort?: boolean; path?: PropertyKey[]; when?: unknown };
type Method = (this: Schema, ...args: never[]) => unknown;

interface Payload {
  value: unknown;
  issues: unknown[];
  addIssue?: (issue: string | Record<string, unknown>) => void;
}

/**
 * Classic's transform (zod/v4/classic/schemas.js, ZodTransform): the core's, whose function also
 * gets `ctx.addIssue`, written as classic writes it (the contract's transforms report a bad phone
 * number that way; mini's transform has no addIssue).
 */
function classicTransform(fn: (value: unknown, ctx: never) => unknown): Schema {
  const inst: Schema = mini.transform((value: unknown, payload: Payload) => {
    payload.addIssue = (issue) => {
      if (typeof issue === 'string') {
        payload.issues.push(util.issue(issue, payload.value, inst._zod.def as never));
      } else {
        if (issue.fatal) issue.continue = false;
        issue.code ??= 'custom';
        if (!('input' in issue)) issue.input = payload.value;
        issue.inst ??= inst;
        payload.issues.push(util.issue(issue as never));
      }
    };
    return fn(value, payload as never);
  });
  return inst;
}

const everySchema: Record<string, Method> = {
  optional(this: Schema) {
    return mini.optional(this);
  },
  nullable(this: Schema) {
    return mini.nullable(this);
  },
  nullish(this: Schema) {
    return mini.optional(mini.nullable(this));
  },
  default(this: Schema, value: unknown) {
    return mini._default(this, value as never);
  },
  refine(this: Schema, check: (value: unknown) => unknown, params?: Params) {
    return this.check(mini.refine(check, params as never));
  },
  superRefine(this: Schema, refinement: Parameters<typeof mini.superRefine>[0], params?: Params) {
    return this.check(mini.superRefine(refinement, params as never));
  },
  transform(this: Schema, fn: (value: unknown, ctx: never) => unknown) {
    return mini.pipe(this, classicTransform(fn));
  },
  pipe(this: Schema, target: Schema) {
    return mini.pipe(this, target);
  },
};

const lengthBounds: Record<string, Method> = {
  min(this: Schema, length: number, params?: Params) {
    return this.check(mini.minLength(length, params as never));
  },
  max(this: Schema, length: number, params?: Params) {
    return this.check(mini.maxLength(length, params as never));
  },
};

/** The methods of one kind of schema, by its definition's `type`. */
const byType: Record<string, Record<string, Method>> = {
  string: {
    ...lengthBounds,
    regex(this: Schema, pattern: RegExp, params?: Params) {
      return this.check(mini.regex(pattern, params as never));
    },
    trim(this: Schema) {
      return this.check(mini.trim());
    },
    toLowerCase(this: Schema) {
      return this.check(mini.toLowerCase());
    },
  },
  number: {
    min(this: Schema, value: number, params?: Params) {
      return this.check(mini.gte(value, params as never));
    },
    max(this: Schema, value: number, params?: Params) {
      return this.check(mini.lte(value, params as never));
    },
    int(this: Schema, params?: Params) {
      return this.check(mini.int(params as never));
    },
  },
  array: lengthBounds,
  object: {
    extend(this: Schema, shape: Record<string, Schema>) {
      return mini.extend(this as mini.ZodMiniObject, shape);
    },
    strict(this: Schema) {
      // mergeDefs, as classic: spreading the definition would resolve a lazy `shape`.
      return this.clone(util.mergeDefs(this._zod.def, { catchall: mini.never() }));
    },
  },
  enum: {
    exclude(this: Schema, values: readonly string[], params?: Params) {
      const def = this._zod.def as unknown as { entries: Record<string, unknown> };
      const entries = { ...def.entries };
      for (const value of values) {
        if (!Object.hasOwn(def.entries, value)) throw new Error(`Key ${value} not found in enum`);
        delete entries[value];
      }
      return new this._zod.constr({ ...def, checks: [], ...util.normalizeParams(params), entries } as never);
    },
  },
};

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value && typeof (value as Schema)._zod.def === 'object';

/** Prototypes that carry the methods already: one per kind of mini schema. */
const equipped = new WeakSet<object>();

/**
 * Gives a schema's class the classic methods, once: mini's schemas of one class share a
 * prototype, and every schema a method or mini makes (clones, wrappers) has one of those.
 */
function classic<T>(value: T): T {
  if (!isSchema(value)) return value;
  const prototype = Object.getPrototypeOf(value) as object;
  if (equipped.has(prototype)) return value;
  equipped.add(prototype);
  const methods = { ...everySchema, ...byType[value._zod.def.type] };
  for (const [name, method] of Object.entries(methods)) {
    Object.defineProperty(prototype, name, {
      configurable: true,
      writable: true,
      value(this: Schema, ...args: never[]) {
        return classic(method.apply(this, args));
      },
    });
  }
  return value;
}

/** Namespaces of factories (z.coerce.number, z.iso.datetime): their factories are wrapped too. */
const NAMESPACES = new Set(['coerce', 'iso']);

/**
 * The `z` object of the browser: mini's members, each factory answering schemas that have the
 * classic methods; other members (z.NEVER, z.config, z.locales) pass through.
 */
export function withClassicMethods<T extends Record<string, unknown>>(members: T): T {
  const z: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(members)) {
    if (typeof member === 'function') z[name] = (...args: unknown[]) => classic((member as (...a: unknown[]) => unknown)(...args));
    else if (NAMESPACES.has(name)) z[name] = withClassicMethods(member as Record<string, unknown>);
    else z[name] = member;
  }
  return z as T;
}
