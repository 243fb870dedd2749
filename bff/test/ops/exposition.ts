/**
 * The Prometheus text exposition format (0.0.4), read back for the tests: the families with their
 * HELP, TYPE and samples, and the rules `promtool check metrics` holds them to (its linter,
 * promlint), so the normal suite catches a bad metric without promtool installed. The check
 * against promtool itself is `bff/test/peers/debian/promtool.test.ts` (`npm run test:peers`).
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  help: string | undefined;
  type: string | undefined;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+(-?\d+))?$/;
const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['_sum', '_count'] };

/** A sample's value as Go's ParseFloat reads it (promtool's parser): NaN and ±Inf in any case. */
const number = (text: string) => {
  const special = /^([+-]?)(inf|infinity|nan)$/i.exec(text);
  if (!special) return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
  if (special[2]!.toLowerCase() === 'nan') return Number.NaN;
  return special[1] === '-' ? -Infinity : Infinity;
};
const isNaNText = (text: string) => /^[+-]?nan$/i.test(text);

/** The families of an exposition, in order, with what could not be read. */
export function parseExposition(text: string): { families: Map<string, MetricFamily>; problems: string[] } {
  const families = new Map<string, MetricFamily>();
  const problems: string[] = [];
  const family = (name: string) => {
    let found = families.get(name);
    if (!found) families.set(name, (found = { name, help: undefined, type: undefined, samples: [] }));
    return found;
  };
  /** The family a sample line belongs to: its own name, or a histogram's or summary's with the suffix off. */
  const owner = (name: string) => {
    if (families.has(name)) return families.get(name);
    for (const [type, suffixes] of Object.entries(SUFFIXES)) {
      const suffix = suffixes.find((end) => name.endsWith(end));
      const base = suffix && families.get(name.slice(0, -suffix.length));
      if (base && base.type === type) return base;
    }
    return undefined;
  };
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const meta = /^# (HELP|TYPE) (\S+)(?: (.*))?$/.exec(line);
    if (meta) {
      const [, kind, name, rest = ''] = meta;
      if (kind === 'HELP') family(name!).help = rest;
      else family(name!).type = rest;
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = SAMPLE.exec(line);
    if (!sample) {
      problems.push(`line ${index + 1}: not a sample: ${line}`);
      continue;
    }
    const [, name, labelText = '', value] = sample;
    const labels: Record<string, string> = {};
    for (const [, label, labelValue] of labelText.matchAll(LABEL)) labels[label!] = labelValue!;
    const parsed = number(value!);
    if (Number.isNaN(parsed) && !isNaNText(value!)) problems.push(`line ${index + 1}: ${name}: value ${value} is not a number`);
    const target = owner(name!);
    if (!target) problems.push(`line ${index + 1}: ${name}: a sample without # HELP and # TYPE`);
    else target.samples.push({ name: name!, labels, value: parsed });
  }
  return { families, problems };
}

/**
 * promlint's units: each known unit word with its base unit (a base unit maps to itself), and the
 * SI and binary prefixes it recognises before one (`milliseconds` → "seconds").
 */
const UNITS: Record<string, string> = {
  amperes: 'amperes',
  bytes: 'bytes',
  celsius: 'celsius',
  grams: 'grams',
  joules: 'joules',
  kelvin: 'kelvin',
  meters: 'meters',
  metres: 'metres',
  seconds: 'seconds',
  volts: 'volts',
  minutes: 'seconds',
  hours: 'seconds',
  days: 'seconds',
  weeks: 'seconds',
  kelvins: 'kelvin',
  fahrenheit: 'celsius',
  rankine: 'celsius',
  inches: 'meters',
  yards: 'meters',
  miles: 'meters',
  bits: 'bytes',
  calories: 'joules',
  pounds: 'grams',
  ounces: 'grams',
};
const UNIT_PREFIXES = [
  'pico',
  'nano',
  'micro',
  'milli',
  'centi',
  'deci',
  'deca',
  'hecto',
  'kilo',
  'kibi',
  'mega',
  'mibi',
  'giga',
  'gibi',
  'tera',
  'tebi',
  'peta',
  'pebi',
];
const ABBREVIATED_UNITS = ['s', 'ms', 'us', 'ns', 'sec', 'b', 'kb', 'mb', 'gb', 'tb', 'pb', 'm', 'h', 'd'];
const TYPE_NAMES = ['counter', 'gauge', 'histogram', 'summary', 'gaugehistogram'];
const camelCase = (name: string) => /[a-z][A-Z]/.test(name);
/** The name has `_word` as a whole word: `_word_` inside or `_word` at the end. */
const hasWord = (name: string, word: string) => name.includes(`_${word}_`) || name.endsWith(`_${word}`);

/** A label set as the exposition writes it, sorted: `{call="ping",method="GET"}`. */
const labelKey = (labels: Record<string, string>, without: string[] = []) =>
  `{${Object.entries(labels)
    .filter(([name]) => !without.includes(name))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}="${value}"`)
    .join(',')}}`;

/** The first unit word in a name, with its base unit: `sukoyaka_wait_milliseconds` → milliseconds, seconds. */
function unitOf(name: string): { unit: string; base: string } | undefined {
  for (const word of name.split('_')) {
    if (UNITS[word]) return { unit: word, base: UNITS[word] };
    const prefix = UNIT_PREFIXES.find((start) => word.startsWith(start) && UNITS[word.slice(start.length)]);
    if (prefix) return { unit: word, base: UNITS[word.slice(prefix.length)]! };
  }
  return undefined;
}

/**
 * Everything in an exposition that `promtool check metrics` would refuse or warn about (its
 * parser and promlint's rules), and what a scraper would misread: one line per problem.
 */
export function expositionProblems(text: string): string[] {
  const { families, problems } = parseExposition(text);
  for (const family of families.values()) {
    const { name, type } = family;
    const say = (problem: string) => problems.push(`${name}: ${problem}`);
    if (!NAME.test(name)) say('not a valid metric name');
    if (!family.help) say('no help text');
    if (!type) say('no # TYPE line');
    else if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(type)) say(`unknown type ${type}`);
    const typed = type !== undefined && type !== 'untyped';
    // promlint's rules, in its words.
    if (type === 'counter' && !name.endsWith('_total')) say('counter metrics should have "_total" suffix');
    if (typed && type !== 'counter' && name.endsWith('_total')) say('non-counter metrics should not have "_total" suffix');
    if (typed && type !== 'gauge' && name.endsWith('_timestamp_seconds'))
      say('non-gauge metrics should not have "_timestamp_seconds" suffix');
    if (typed && type !== 'histogram' && name.endsWith('_bucket')) say('non-histogram metrics should not have "_bucket" suffix');
    for (const suffix of ['_count', '_sum']) {
      if (typed && type !== 'histogram' && type !== 'summary' && name.endsWith(suffix)) {
        say(`non-histogram and non-summary metrics should not have "${suffix}" suffix`);
      }
    }
    const unit = unitOf(name);
    if (unit && unit.unit !== unit.base) say(`use base unit "${unit.base}" instead of "${unit.unit}"`);
    for (const typeName of TYPE_NAMES) if (hasWord(name.toLowerCase(), typeName)) say(`metric name should not include type '${typeName}'`);
    if (name.includes(':')) say("metric names should not contain ':'");
    if (camelCase(name)) say("metric names should be written in 'snake_case' not 'camelCase'");
    if (ABBREVIATED_UNITS.some((abbreviation) => hasWord(name.toLowerCase(), abbreviation)))
      say('metric names should not contain abbreviated units');
    const series = new Set<string>();
    for (const sample of family.samples) {
      const key = `${sample.name}${labelKey(sample.labels)}`;
      if (series.has(key)) say(`the series ${key} appears twice`);
      series.add(key);
      for (const label of Object.keys(sample.labels)) {
        if (camelCase(label)) say(`label names should be written in 'snake_case' not 'camelCase' (${label})`);
        if (label.startsWith('__')) say(`label names starting with "__" are reserved (${label})`);
        if (typed && label === 'le' && type !== 'histogram') say('non-histogram metrics should not have "le" label');
        if (typed && label === 'quantile' && type !== 'summary') say('non-summary metrics should not have "quantile" label');
      }
    }
    if (type === 'histogram') {
      // Per label set: buckets cumulative, the last one +Inf and equal to _count, a _sum beside it.
      const groups = new Map<string, { buckets: Array<[number, number]>; count?: number; sum?: number }>();
      for (const sample of family.samples) {
        const key = labelKey(sample.labels, ['le']);
        const group = groups.get(key) ?? { buckets: [] };
        groups.set(key, group);
        if (sample.name === `${name}_bucket`) group.buckets.push([number(sample.labels.le ?? 'NaN'), sample.value]);
        else if (sample.name === `${name}_count`) group.count = sample.value;
        else if (sample.name === `${name}_sum`) group.sum = sample.value;
      }
      for (const [key, group] of groups) {
        const bounds = group.buckets.map(([le]) => le);
        if (bounds.some((le, i) => Number.isNaN(le) || (i > 0 && le <= bounds[i - 1]!))) say(`${key}: bucket bounds not increasing`);
        if (group.buckets.some(([, value], i) => i > 0 && value < group.buckets[i - 1]![1])) say(`${key}: buckets not cumulative`);
        const last = group.buckets.at(-1);
        if (!last || last[0] !== Infinity) say(`${key}: no le="+Inf" bucket`);
        else if (group.count !== last[1]) say(`${key}: _count ${group.count} is not the +Inf bucket's ${last[1]}`);
        if (group.sum === undefined) say(`${key}: no _sum`);
      }
    }
  }
  return problems;
}

/** The families that have no sample (declared, but nothing measured yet). */
export function familiesWithoutSamples(text: string): string[] {
  return [...parseExposition(text).families.values()].filter((family) => family.samples.length === 0).map((family) => family.name);
}
