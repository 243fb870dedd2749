/**
 * The My Number Portal (マイナポータル) connection as the rest of the bff sees it: configuration,
 * the records the portal serves, and a parsed check-up. The wire protocol is PROTOCOL.md beside
 * this file; the functions are in config.ts, oauth.ts, client.ts and cda.ts.
 */

/** Where the portal is and who we are to it (loadMynaPortalConfig in config.ts reads it from the environment). */
export interface MynaPortalConfig {
  /**
   * The portal's base address (`MYNA_PORTAL_URL`), which is also the OpenID Connect issuer: every
   * endpoint is found through `${baseUrl}/.well-known/openid-configuration`.
   */
  baseUrl: string;
  /** `MYNA_CLIENT_ID`: our client id as registered with the portal (also the id_token's `aud`). */
  clientId: string;
  /** `MYNA_CLIENT_SECRET`: sent with client_secret_basic to the token endpoint. */
  clientSecret: string;
  /** `MYNA_REDIRECT_URI`, by default `${PUBLIC_URL}/myna_connection/callback`; must match the registration exactly. */
  redirectUri: string;
  /** `MYNA_SCOPES` (space separated): `openid` plus the resource scopes, see MYNA_PORTAL_SCOPES. */
  scopes: string[];
  /** Per-request timeout in milliseconds (`MYNA_PORTAL_TIMEOUT_MS`, default 10 000). */
  timeoutMs: number;
}

/** What the portal's discovery document tells us (OpenID Connect Discovery 1.0 plus our resource endpoints). */
export interface MynaPortalMetadata {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  /** Our protocol's extension fields (PROTOCOL.md §3): where each resource collection is. */
  checkupsEndpoint: string;
  medicinesEndpoint: string;
  medicalBillsEndpoint: string;
}

/** The tokens of a linked member; the caller seals them at rest. */
export interface MynaTokenSet {
  accessToken: string;
  /** Absent when the portal issues none (it does for the `offline_access` scope). */
  refreshToken: string | undefined;
  expiresAt: Date;
  /** The id_token's `sub`: the member's pairwise identifier at the portal (stable for our client). */
  subject: string;
}

/** Options of every resource fetch. */
export interface MynaFetchOptions {
  /**
   * Only records the portal registered at or after this instant (ISO 8601 date-time). Records
   * that arrive late can carry an older date of their own, so the filter is on registration, not on
   * the exam or dispensing date. The caller still deduplicates by the record's id.
   */
  since?: string;
  /** Called after each page with the number of records fetched so far, for the import's progress. */
  onPage?: (fetchedSoFar: number) => void;
  /**
   * A fresh access token when the portal answers 401 invalid_token (the token expired or was
   * ended before our clock said so): the page is asked again once with it, and the rest of the
   * collection is read with it. Without it, a 401 throws MynaTokenInvalid at once.
   */
  renewAccessToken?: () => Promise<string>;
}

/** One 特定健診 result document as the portal serves it. */
export interface PortalCheckupDocument {
  /** The portal's id of the document (stable; the natural key for deduplication). */
  documentId: string;
  /** The exam date, yyyy-MM-dd. */
  issuedOn: string;
  /** When the portal registered it (ISO 8601 date-time). */
  registeredAt: string;
  /** The document itself: HL7 CDA R2 in the MHLW 特定健診 layout; parse it with parseCheckupCda. */
  cdaXml: string;
}

/** One medicine of a dispensing (薬剤情報). */
export interface PortalMedicineItem {
  /** The YJ code (個別医薬品コード), 12 characters. */
  yjCode: string;
  /** The product name as dispensed, e.g. 「アムロジピン錠5mg「サワイ」」. */
  brandName: string;
  /** The generic (一般) name, e.g. 「アムロジピンベシル酸塩」; null when the portal has none. */
  genericName: string | null;
  /** e.g. "5mg"; null when not given. */
  strength: string | null;
  /** Quantity per day (or per use for 頓服). */
  quantity: number;
  /** e.g. 錠, カプセル, g, mL, 枚. */
  unit: string;
  /** Days supplied (or times, for 頓服); null when not given. */
  days: number | null;
  /** Directions, e.g. 「1日1回 朝食後」; null when not given. */
  usage: string | null;
}

/** One dispensing (調剤) at a pharmacy, or medicines handed out at an institution. */
export interface PortalDispensing {
  /** The portal's id of the dispensing (the natural key for deduplication). */
  dispensingId: string;
  /** yyyy-MM-dd. */
  dispensedOn: string;
  pharmacyName: string;
  /** The institution that wrote the prescription; null when unknown. */
  prescribingInstitution: string | null;
  registeredAt: string;
  items: PortalMedicineItem[];
}

/** The kind of a medical bill, as the 医療費通知情報 sorts them. */
export type PortalMedicalBillKind = 'medical' | 'dental' | 'pharmacy' | 'inpatient';

/** How each kind is called in Japanese (what a member reads). */
export const MYNA_BILL_KIND_LABELS: Record<PortalMedicalBillKind, string> = {
  medical: '医科',
  dental: '歯科',
  pharmacy: '調剤',
  inpatient: '入院',
};

/** One month's bill from one institution (医療費通知情報). */
export interface PortalMedicalBill {
  /** The portal's id of the bill (the natural key for deduplication). */
  billId: string;
  /** The month of treatment, yyyy-MM. */
  month: string;
  institutionName: string;
  kind: PortalMedicalBillKind;
  /** Days of treatment (or of dispensing) in the month. */
  days: number;
  /** The total medical cost in yen (医療費の総額). */
  totalCost: number;
  /** What the member paid at the counter in yen (窓口負担相当額). */
  paidAmount: number;
  /**
   * 受診者氏名: who was treated, as the notice names them (the 医療費集計フォーム's 医療を受けた人);
   * null when the portal gives none. Bills stored before the field existed have none either.
   */
  patientName?: string | null;
  registeredAt: string;
}

/** How one check-up item's value is written. */
export type CheckupItemKind = 'numeric' | 'coded' | 'text';

/** What a check-up item measures, the same for every method's code (judgements and the forecast key on it). */
export type CheckupAnalyte =
  | 'height'
  | 'weight'
  | 'bmi'
  | 'waist'
  | 'systolic'
  | 'diastolic'
  | 'triglycerides'
  | 'hdl'
  | 'ldl'
  | 'nonHdl'
  | 'ast'
  | 'alt'
  | 'ggt'
  | 'fastingGlucose'
  | 'randomGlucose'
  | 'hba1c'
  | 'urineGlucose'
  | 'urineProtein'
  | 'creatinine'
  | 'egfr'
  | 'uricAcid'
  | 'hematocrit'
  | 'hemoglobin'
  | 'redBloodCells'
  | 'bloodSamplingTime'
  | 'metabolicSyndrome'
  | 'guidanceLevel'
  | 'doctorsFinding';

export interface ParsedCheckupItem {
  /** The JLAC10 code, 17 characters. */
  code: string;
  /** What it measures, for a code of our table (CHECKUP_ITEMS); absent for an unknown code. */
  analyte?: CheckupAnalyte;
  /** Our Japanese name of the item (the document's displayName for a code not in our table). */
  name: string;
  /** A number for a numeric result (PQ), else the code's text (e.g. 尿蛋白 "+", "－") or free text. */
  value: number | string;
  /** UCUM-style unit as the document gives it (e.g. mmHg, mg/dL, %); null for coded and text results. */
  unit: string | null;
  kind: CheckupItemKind;
}

/** The questionnaire answers (質問票) that the forecast and the judgements use, when the document has them. */
export interface CheckupQuestionnaire {
  smoker?: boolean;
  onDiabetesMedication?: boolean;
  onHypertensionMedication?: boolean;
  onLipidMedication?: boolean;
}

/** A 特定健診 CDA document, parsed (parseCheckupCda in cda.ts). */
export interface ParsedCheckup {
  /** The ClinicalDocument's own id (root/extension). */
  documentId: string;
  /** yyyy-MM-dd. */
  examinedOn: string;
  /** The institution that performed the check-up (the author's organisation). */
  institution: string;
  sex: 'male' | 'female' | null;
  /** yyyy-MM-dd, when the document has it. */
  birthDate?: string;
  /**
   * Every result item with a value, in document order: the items of our table
   * (CHECKUP_ITEMS in cda.ts) and any other coded item, named by the document's displayName.
   * Questionnaire answers are not items; they are in `questionnaire`.
   */
  items: ParsedCheckupItem[];
  questionnaire: CheckupQuestionnaire;
  /** The codes of `items` that are not in our table (kept, shown by name, not judged). */
  unknownItems: string[];
}
