import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { CHECKUP_ITEMS, QUESTIONNAIRE_ITEMS } from './checkup-items';
import { CdaParseError } from './errors';
import type { CheckupQuestionnaire, ParsedCheckup, ParsedCheckupItem } from './types';

export { CdaParseError } from './errors';
export { CHECKUP_ITEMS, QUESTIONNAIRE_ITEMS } from './checkup-items';

/**
 * Reads a 特定健診 result document: HL7 CDA R2 (namespace urn:hl7-org:v3) in the layout of the
 * MHLW 電子的な標準様式 (特定健診情報ファイル仕様): a ClinicalDocument whose `code` is 10 (特定健診)
 * in the report category system 1.2.392.200119.6.1001, the examinee under recordTarget, the
 * institution under author (or the serviceEvent's performer), the exam date on the serviceEvent,
 * and one `observation` per item in the sections of the structuredBody — item codes from the
 * 特定健診項目コード表 (1.2.392.200119.6.1005), values as PQ (number and unit), CO/CD (a code from
 * the result code table) or ST (text); grouped items nest under entryRelationship.
 *
 * fast-xml-parser does not validate against the schema; we check the structure we rely on, and
 * refuse a DOCTYPE outright (no entity expansion, no external references).
 */

export const CDA_NAMESPACE = 'urn:hl7-org:v3';
/** The MHLW report category (報告区分) code system, and its code for 特定健診. */
export const MHLW_REPORT_CATEGORY_SYSTEM = '1.2.392.200119.6.1001';
export const MHLW_SPECIFIC_CHECKUP_CATEGORY = '10';
/** The 特定健診項目コード表 (item codes, JLAC10 17-character format). */
export const MHLW_ITEM_CODE_SYSTEM = '1.2.392.200119.6.1005';

/** A check-up document is tens of kilobytes; anything near this is not one. */
const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;

/** Elements that may repeat, always read as arrays so one or many look the same. */
const REPEATING = new Set([
  'id',
  'templateId',
  'component',
  'entry',
  'observation',
  'entryRelationship',
  'author',
  'documentationOf',
  'performer',
  'name',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Only the five predefined entities (a DOCTYPE, where others would be declared, is refused first).
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => REPEATING.has(name),
});

type Node = Record<string, unknown>;

const asNode = (value: unknown): Node | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
const list = (value: unknown): Node[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(asNode).filter((node): node is Node => !!node);
const first = (value: unknown): Node | undefined => list(value)[0];
const attr = (node: Node | undefined, name: string): string | undefined => {
  const value = node?.[`@${name}`];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};
/** The text of an element: a plain string, or `#text` when it also has attributes. */
const textOf = (value: unknown): string | undefined => {
  const node = Array.isArray(value) ? value[0] : value;
  if (typeof node === 'string') return node.trim() || undefined;
  if (typeof node === 'number') return String(node);
  const text = asNode(node)?.['#text'];
  return typeof text === 'string' || typeof text === 'number' ? String(text).trim() || undefined : undefined;
};

/** HL7 TS (yyyyMMdd[hhmm[ss]][±zzzz]) → yyyy-MM-dd, or undefined when it is not a real date. */
function hl7Date(value: string | undefined): string | undefined {
  const match = value?.match(/^(\d{4})(\d{2})(\d{2})/);
  if (!match) return undefined;
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day ? undefined : day;
}

/** The root element's start tag must be ClinicalDocument in the HL7 v3 namespace (the parser drops prefixes and xmlns). */
function checkRoot(xml: string): void {
  const body = xml
    .replace(/^\uFEFF/, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  const start = body.match(/<\s*(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*)([^>]*)>/);
  if (!start || start[2] !== 'ClinicalDocument') throw new CdaParseError('not a CDA document: the root element is not ClinicalDocument');
  const prefix = start[1];
  const declaration = new RegExp(`xmlns${prefix ? `:${prefix}` : ''}\\s*=\\s*["']${CDA_NAMESPACE.replace(/[.:]/g, '\\$&')}["']`);
  if (!declaration.test(start[3] ?? ''))
    throw new CdaParseError(`not a CDA document: ClinicalDocument is not in the ${CDA_NAMESPACE} namespace`);
}

/** Every observation of the body, in document order, including those nested under entryRelationship (grouped items). */
function observations(body: Node): Node[] {
  const found: Node[] = [];
  const visitObservation = (observation: Node) => {
    found.push(observation);
    for (const relationship of list(observation.entryRelationship))
      for (const inner of list(relationship.observation)) visitObservation(inner);
  };
  const visitSection = (section: Node) => {
    for (const entry of list(section.entry)) {
      for (const observation of list(entry.observation)) visitObservation(observation);
      for (const organizer of list(entry.organizer))
        for (const component of list(organizer.component))
          for (const observation of list(component.observation)) visitObservation(observation);
    }
    for (const component of list(section.component)) for (const inner of list(component.section)) visitSection(inner);
  };
  for (const component of list(body.component)) for (const section of list(component.section)) visitSection(section);
  return found;
}

interface ReadValue {
  value: number | string;
  unit: string | null;
  kind: ParsedCheckupItem['kind'];
  /** The code of a coded value (the result code table's), for the questionnaire. */
  code?: string;
}

function readValue(observation: Node): ReadValue | undefined {
  const value = first(observation.value);
  if (!value || attr(value, 'nullFlavor')) return undefined;
  const type = (attr(value, 'type') ?? '').toUpperCase();
  if (type === 'PQ') {
    const raw = attr(value, 'value');
    const number = raw !== undefined && /^[+-]?\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
    // A PQ without a number (e.g. "<5") is kept as text rather than lost.
    if (Number.isFinite(number)) return { value: number, unit: attr(value, 'unit') ?? null, kind: 'numeric' };
    return raw ? { value: raw, unit: attr(value, 'unit') ?? null, kind: 'text' } : undefined;
  }
  if (type === 'CO' || type === 'CD' || type === 'CE' || type === 'CV') {
    const code = attr(value, 'code');
    const display = attr(value, 'displayName') ?? textOf(value.originalText) ?? code;
    return display ? { value: display, unit: null, kind: 'coded', code } : undefined;
  }
  const text = textOf(value);
  return text ? { value: text, unit: null, kind: 'text' } : undefined;
}

/** A questionnaire answer as a yes/no, when its code says so (1 = はい; see QUESTIONNAIRE_ITEMS). */
function answer(read: ReadValue): boolean | undefined {
  const code = read.code ?? (typeof read.value === 'string' ? read.value.match(/^\s*(\d)/)?.[1] : undefined);
  if (code === '1') return true;
  if (code === '2' || code === '3') return false;
  if (typeof read.value === 'string') {
    if (/はい/.test(read.value)) return true;
    if (/いいえ|吸っていない/.test(read.value)) return false;
  }
  return undefined;
}

/**
 * Parses one 特定健診 CDA document. Throws CdaParseError when the text is not well-formed XML, has
 * a DOCTYPE, is not a ClinicalDocument in the HL7 v3 namespace, is not a 特定健診 report, or has no
 * exam date.
 */
export function parseCheckupCda(xml: string): ParsedCheckup {
  if (typeof xml !== 'string' || xml.trim() === '') throw new CdaParseError('the document is empty');
  if (Buffer.byteLength(xml, 'utf8') > MAX_DOCUMENT_BYTES) throw new CdaParseError('the document is too large to be a check-up');
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    throw new CdaParseError('the document has a DOCTYPE or entity declaration, which a check-up never has');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new CdaParseError(`the document is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  checkRoot(xml);

  const document = asNode((parser.parse(xml) as Node).ClinicalDocument);
  if (!document) throw new CdaParseError('not a CDA document: no ClinicalDocument');
  const typeId = first(document.typeId);
  if (attr(typeId, 'extension') !== 'POCD_HD000040') throw new CdaParseError('not a CDA R2 document: typeId is not POCD_HD000040');
  const code = first(document.code);
  if (attr(code, 'codeSystem') !== MHLW_REPORT_CATEGORY_SYSTEM || attr(code, 'code') !== MHLW_SPECIFIC_CHECKUP_CATEGORY) {
    throw new CdaParseError('not a 特定健診 document: the report category is not 10 in 1.2.392.200119.6.1001');
  }

  const id = first(document.id);
  const documentId =
    attr(id, 'extension') && attr(id, 'root')
      ? `${attr(id, 'root')}^${attr(id, 'extension')}`
      : // The specification allows a null id; the document's own digest then identifies it.
        `sha256:${createHash('sha256').update(xml).digest('hex').slice(0, 32)}`;

  const serviceEvent = first(first(document.documentationOf)?.serviceEvent);
  const examinedOn = hl7Date(attr(first(serviceEvent?.effectiveTime), 'value')) ?? hl7Date(attr(first(document.effectiveTime), 'value'));
  if (!examinedOn) throw new CdaParseError('the document has no exam date');

  const organisationName = (organisation: Node | undefined) => textOf(organisation?.name);
  const institution =
    organisationName(first(first(first(document.author)?.assignedAuthor)?.representedOrganization)) ??
    organisationName(first(first(first(serviceEvent?.performer)?.assignedEntity)?.representedOrganization)) ??
    '';

  const patient = first(first(first(document.recordTarget)?.patientRole)?.patient);
  const genderCode = attr(first(patient?.administrativeGenderCode), 'code');
  // The MHLW gender codes: 1 男, 2 女 (HL7's M/F accepted too).
  const sex = genderCode === '1' || genderCode === 'M' ? 'male' : genderCode === '2' || genderCode === 'F' ? 'female' : null;
  const birthDate = hl7Date(attr(first(patient?.birthTime), 'value'));

  const body = first(first(document.component)?.structuredBody);
  if (!body) throw new CdaParseError('the document has no structuredBody');

  const items: ParsedCheckupItem[] = [];
  const unknownItems: string[] = [];
  const questionnaire: CheckupQuestionnaire = {};
  for (const observation of observations(body)) {
    const itemCode = attr(first(observation.code), 'code');
    if (!itemCode || attr(first(observation.code), 'nullFlavor')) continue; // a group's parent carries no item
    const read = readValue(observation);
    if (!read) continue; // 未実施・測定不能 (nullFlavor) or empty
    const question = QUESTIONNAIRE_ITEMS[itemCode as keyof typeof QUESTIONNAIRE_ITEMS];
    if (question) {
      const yes = answer(read);
      if (yes !== undefined) questionnaire[question] = yes;
      continue;
    }
    const known = CHECKUP_ITEMS[itemCode];
    if (!known && !unknownItems.includes(itemCode)) unknownItems.push(itemCode);
    items.push({
      code: itemCode,
      ...(known ? { analyte: known.analyte } : {}),
      name: known?.name ?? attr(first(observation.code), 'displayName') ?? itemCode,
      value: read.value,
      unit: read.unit,
      kind: read.kind,
    });
  }

  return { documentId, examinedOn, institution, sex, ...(birthDate ? { birthDate } : {}), items, questionnaire, unknownItems };
}
