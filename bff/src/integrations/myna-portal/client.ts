import { z } from 'zod';
import { discoverMynaPortal } from './discovery';
import { MynaPortalProtocolError, MynaTokenInvalid } from './errors';
import { errorBody, jsonBody, portalFetch, unavailableIfTransient } from './http';
import type {
  MynaFetchOptions,
  MynaPortalConfig,
  MynaPortalMetadata,
  PortalCheckupDocument,
  PortalDispensing,
  PortalMedicalBill,
} from './types';

/**
 * The portal's resource API (PROTOCOL.md §4): three collections, each read with the member's bearer
 * token, filtered by `since` (registration time) and paged by an opaque `page_token` until the
 * portal answers `next_page_token: null`. The wire is snake_case JSON; each record is checked here
 * so nothing malformed reaches the import.
 */

/** How many records we ask for per page (the portal may send fewer; PROTOCOL.md caps it at 100). */
const PAGE_SIZE = 100;
/** A portal that never ends its pages is broken; stop rather than loop. */
const MAX_PAGES = 1000;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const instant = z.iso.datetime({ offset: true });
const text = z.string().min(1);

const checkupWire = z.object({
  document_id: text,
  issued_on: day,
  registered_at: instant,
  media_type: z.literal('application/hl7-cda+xml'),
  document: text,
});

const medicineWire = z.object({
  yj_code: z.string().regex(/^[0-9A-Z]{12}$/),
  brand_name: text,
  generic_name: text.nullable(),
  strength: text.nullable(),
  quantity: z.number().nonnegative(),
  unit: text,
  days: z.number().int().nonnegative().nullable(),
  usage: text.nullable(),
});

const dispensingWire = z.object({
  dispensing_id: text,
  dispensed_on: day,
  pharmacy: z.object({ name: text }),
  prescriber: z.object({ name: text }).nullable(),
  registered_at: instant,
  medicines: z.array(medicineWire),
});

const billWire = z.object({
  bill_id: text,
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  institution: z.object({ name: text }),
  kind: z.enum(['medical', 'dental', 'pharmacy', 'inpatient']),
  days: z.number().int().nonnegative(),
  total_cost: z.number().int().nonnegative(),
  patient_paid: z.number().int().nonnegative(),
  /** 受診者氏名 (optional: PROTOCOL.md §4.3). */
  patient: z.object({ name: text }).nullable().optional(),
  registered_at: instant,
});

const pageWire = z.object({ items: z.array(z.unknown()), next_page_token: z.string().min(1).nullable() });

async function fetchAll<W, R>(
  config: MynaPortalConfig,
  accessToken: string,
  endpoint: (metadata: MynaPortalMetadata) => string,
  what: string,
  wire: z.ZodType<W>,
  toRecord: (item: W) => R,
  options: MynaFetchOptions,
): Promise<R[]> {
  const metadata = await discoverMynaPortal(config);
  // The protocol wants a date-time with an offset; any instant the caller gives is sent in UTC.
  const since = options.since === undefined ? undefined : Date.parse(options.since);
  if (since !== undefined && Number.isNaN(since)) throw new TypeError(`since is not a date-time: ${options.since}`);
  const records: R[] = [];
  const seenTokens = new Set<string>();
  let pageToken: string | null = null;
  let bearer = accessToken;
  // Whether the page being read was already asked again with a renewed token.
  let renewed = false;
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = new URL(endpoint(metadata));
    url.searchParams.set('limit', String(PAGE_SIZE));
    if (since !== undefined) url.searchParams.set('since', new Date(since).toISOString());
    if (pageToken) url.searchParams.set('page_token', pageToken);
    const response = await portalFetch(
      what,
      url.toString(),
      { headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' } },
      config.timeoutMs,
    );
    if (!response.ok) {
      const { code, description } = await errorBody(response);
      unavailableIfTransient(what, response, code);
      const message = `${what} refused (${response.status} ${code ?? ''})${description ? `: ${description}` : ''}`;
      // RFC 6750 §3.1 invalid_token (401): the access token expired or was ended at the portal,
      // whatever our clock said. With a way to renew it, the same page is asked again once with
      // the new token (a renewal that cannot happen throws from renewAccessToken itself).
      if (response.status === 401 && options.renewAccessToken && !renewed) {
        bearer = await options.renewAccessToken();
        renewed = true;
        page -= 1;
        continue;
      }
      // Still invalid_token, or insufficient_scope (403: a scope was not granted) — the member must link again.
      if (response.status === 401 || code === 'invalid_token' || code === 'insufficient_scope') {
        throw new MynaTokenInvalid(message, { status: response.status, code });
      }
      throw new MynaPortalProtocolError(message, { status: response.status, code });
    }
    renewed = false;
    const body = pageWire.safeParse(await jsonBody(what, response));
    if (!body.success) throw new MynaPortalProtocolError(`${what} answered a page not in the protocol's shape`);
    for (const [index, item] of body.data.items.entries()) {
      const parsed = wire.safeParse(item);
      if (!parsed.success) {
        const path = parsed.error.issues[0]?.path.join('.') ?? '';
        throw new MynaPortalProtocolError(`${what}: item ${index + 1} of the page is malformed at ${path}`);
      }
      records.push(toRecord(parsed.data));
    }
    options.onPage?.(records.length);
    pageToken = body.data.next_page_token;
    if (pageToken === null) return records;
    if (seenTokens.has(pageToken)) throw new MynaPortalProtocolError(`${what} repeated a page token`);
    seenTokens.add(pageToken);
  }
  throw new MynaPortalProtocolError(`${what} did not end its pages after ${MAX_PAGES}`);
}

/** Every 特定健診 document of the member (registered since `since`), CDA XML unparsed. */
export function fetchCheckups(
  config: MynaPortalConfig,
  accessToken: string,
  options: MynaFetchOptions = {},
): Promise<PortalCheckupDocument[]> {
  return fetchAll(
    config,
    accessToken,
    (metadata) => metadata.checkupsEndpoint,
    'My Number Portal check-ups',
    checkupWire,
    (item): PortalCheckupDocument => ({
      documentId: item.document_id,
      issuedOn: item.issued_on,
      registeredAt: item.registered_at,
      cdaXml: item.document,
    }),
    options,
  );
}

/** Every dispensing (薬剤情報) of the member, with its medicines. */
export function fetchMedicines(config: MynaPortalConfig, accessToken: string, options: MynaFetchOptions = {}): Promise<PortalDispensing[]> {
  return fetchAll(
    config,
    accessToken,
    (metadata) => metadata.medicinesEndpoint,
    'My Number Portal medicines',
    dispensingWire,
    (item): PortalDispensing => ({
      dispensingId: item.dispensing_id,
      dispensedOn: item.dispensed_on,
      pharmacyName: item.pharmacy.name,
      prescribingInstitution: item.prescriber?.name ?? null,
      registeredAt: item.registered_at,
      items: item.medicines.map((medicine) => ({
        yjCode: medicine.yj_code,
        brandName: medicine.brand_name,
        genericName: medicine.generic_name,
        strength: medicine.strength,
        quantity: medicine.quantity,
        unit: medicine.unit,
        days: medicine.days,
        usage: medicine.usage,
      })),
    }),
    options,
  );
}

/** Every medical bill (医療費通知情報) of the member, one per month and institution. */
export function fetchMedicalBills(
  config: MynaPortalConfig,
  accessToken: string,
  options: MynaFetchOptions = {},
): Promise<PortalMedicalBill[]> {
  return fetchAll(
    config,
    accessToken,
    (metadata) => metadata.medicalBillsEndpoint,
    'My Number Portal medical bills',
    billWire,
    (item): PortalMedicalBill => ({
      billId: item.bill_id,
      month: item.month,
      institutionName: item.institution.name,
      kind: item.kind,
      days: item.days,
      totalCost: item.total_cost,
      paidAmount: item.patient_paid,
      patientName: item.patient?.name ?? null,
      registeredAt: item.registered_at,
    }),
    options,
  );
}
