/*
 * CSV, written and read the one way for every file the site hands out (RFC 4180: quoted fields
 * with doubled quotes, CRLF lines; UTF-8 with a byte order mark so Excel reads the Japanese).
 *
 * Every cell goes through `neutraliseCsvCell` (OWASP "CSV injection"): a text a spreadsheet would
 * run as a formula — one starting with = + - @, a tab or a carriage return, or the full-width
 * ＝ ＋ － ＠ that Japanese Excel also reads as a formula's start — gets a leading apostrophe, so
 * it is shown as text. A number with a sign (「-12.5」) and a lone sign (「+」 for a test result)
 * are not formulas and stay as they are.
 */

const BOM = '\uFEFF';
const FORMULA_START = /^[=@\t\r＝＠+\-＋－]/;
const SIGNED_NUMBER = /^[+\-＋－]?[0-9０-９]*([.．][0-9０-９]+)?$/;

/** The text as a spreadsheet shows it, never as a formula it would run. */
export function neutraliseCsvCell(text: string): string {
  return FORMULA_START.test(text) && !SIGNED_NUMBER.test(text) ? `'${text}` : text;
}

/** One field: neutralised (texts only: a number is written as it is), quoted when it must be. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? neutraliseCsvCell(value) : String(value);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: a BOM, the rows with CRLF after each. */
export function writeCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return BOM + rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export interface CsvRecord {
  /** The line the record starts on (1-based). */
  line: number;
  fields: string[];
}

/** Splits CSV text into records (quoted fields, "" inside quotes, CRLF, LF or CR), with line numbers; a BOM is dropped. */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      fields.push(field);
      records.push({ line: recordLine, fields });
      fields = [];
      field = '';
      line += 1;
      recordLine = line;
    } else {
      field += char;
    }
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    records.push({ line: recordLine, fields });
  }
  return records;
}

/** Decoded as UTF-8 (with or without a BOM), else as Shift_JIS (Excel's 「CSV (コンマ区切り)」); null when it is neither. */
function decodeSpreadsheetText(bytes: Uint8Array): string | null {
  for (const encoding of ['utf-8', 'shift_jis']) {
    try {
      return new TextDecoder(encoding, { fatal: true }).decode(bytes);
    } catch {
      // Try the next one.
    }
  }
  return null;
}

/**
 * A CSV file someone uploads for others to download, with every cell neutralised. A file with no
 * cell to neutralise is kept byte for byte; otherwise it is written again, as UTF-8 with a BOM.
 * Null when its text is neither UTF-8 nor Shift_JIS.
 */
export function neutraliseCsvFile(bytes: Buffer): Buffer | null {
  const text = decodeSpreadsheetText(bytes);
  if (text === null) return null;
  const records = parseCsv(text);
  if (!records.some((record) => record.fields.some((field) => neutraliseCsvCell(field) !== field))) return bytes;
  return Buffer.from(writeCsv(records.map((record) => record.fields)), 'utf8');
}
