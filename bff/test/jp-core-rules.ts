/*
 * The rules of the JP Core 1.2.0 profiles our FHIR export claims, as a small table per profile, and
 * a checker that applies them to every resource of a Bundle.
 *
 * Written by hand from the official source, jami-fhir-jp-wg/jp-core-v1x at tag 1.2.0 (commit
 * c06f02059c2a8aed6a33d624c9eee6fe0669ef06, 2025-09-26); each rule names the file it comes from.
 * The rules are the ones a base R4 schema cannot see: cardinalities the profile raises (min ≥ 1),
 * fixed codes and categories, the value[x] and effective[x] types the profile allows, references
 * that must resolve inside the Bundle to the profile the profile names, and the code system URIs
 * of 1.2.0. A preferred binding we follow (JLAC10 for laboratory results, the body-measurement
 * codes) is marked "(preferred binding, followed)". The URIs are written out here on purpose rather
 * than imported from the export, so a wrong URI in the export cannot also be the expectation.
 */

export type Resource = Record<string, any>;

const TAG = 'jp-core-v1x@1.2.0:';
const PROFILES = `${TAG}input/fsh/profiles/`;
const ALIASES = `${TAG}input/fsh/aliases-jpcore.fsh`;
const URL_MAP = `${TAG}input/pagecontent/guide-urlmap.md`;
const R4 = 'FHIR R4 base resource (hl7.org/fhir/R4)';

export const JP_CORE_VERSION = '1.2.0';
const SD = 'http://jpfhir.jp/fhir/core/StructureDefinition/';

/** Code and identifier systems as JP Core 1.2.0 writes them (aliases-jpcore.fsh, guide-urlmap.md). */
export const SYSTEMS_1_2_0 = {
  simpleObservationCategory: 'http://jpfhir.jp/fhir/core/CodeSystem/JP_SimpleObservationCategory_CS',
  bodyMeasurementCategory: 'http://jpfhir.jp/fhir/core/CodeSystem/JP_ObservationBodyMeasurementCategory_CS',
  bodyMeasurementCode: 'http://jpfhir.jp/fhir/core/CodeSystem/JP_ObservationBodyMeasurementCode_CS',
  jlac10: 'http://medis.or.jp/CodeSystem/master-JLAC10-17digits',
  yj: 'http://capstandard.jp/iyaku.info/CodeSystem/YJ-code',
  insurerNumber: 'http://jpfhir.jp/fhir/core/mhlw/IdSystem/InsurerNumber',
  ucum: 'http://unitsofmeasure.org',
} as const;

/**
 * The OIDs JP Core 1.2.0 has replaced with URLs (the 「OID形式とURL形式に関するマップ表」 of
 * guide-urlmap.md, and the OID noted beside each alias in aliases-jpcore.fsh): a resource claiming
 * 1.2.0 uses the URL.
 */
export const OIDS_REPLACED_IN_1_2_0: Readonly<Record<string, string>> = {
  'urn:oid:1.2.392.200119.4.504': 'http://medis.or.jp/CodeSystem/master-JLAC10-17digits',
  'urn:oid:1.2.392.200119.4.402.1': 'http://medis.or.jp/CodeSystem/master-HOT13',
  'urn:oid:1.2.392.200119.4.403.1': 'http://medis.or.jp/CodeSystem/master-HOT9',
  'urn:oid:1.2.392.100495.20.2.74': 'http://medis.or.jp/CodeSystem/master-HOT9',
  'urn:oid:1.2.392.200119.4.403.2': 'http://medis.or.jp/CodeSystem/master-HOT7',
  'urn:oid:1.2.392.100495.20.2.73': 'http://capstandard.jp/iyaku.info/CodeSystem/YJ-code',
  'urn:oid:1.2.392.100495.20.1.73': 'http://capstandard.jp/iyaku.info/CodeSystem/YJ-code',
  'urn:oid:1.2.392.200119.4.804': 'http://medis.or.jp/CodeSystem/master-nursingObservationKeyCode',
  'urn:oid:1.2.392.100495.20.2.81': 'http://jpfhir.jp/fhir/core/mhlw/CodeSystem/MedicationGeneralOrderCode',
  'urn:oid:1.2.392.100495.20.2.101': 'http://jpfhir.jp/fhir/core/mhlw/CodeSystem/MedicationUnitMERIT9Code',
  'urn:oid:1.2.392.100495.20.3.61': 'http://jpfhir.jp/fhir/core/mhlw/IdSystem/InsurerNumber',
  'urn:oid:1.2.392.100495.20.3.62': 'http://jpfhir.jp/fhir/core/mhlw/IdSystem/InsuredPersonSymbol',
  'urn:oid:1.2.392.100495.20.3.63': 'http://jpfhir.jp/fhir/core/mhlw/IdSystem/InsuredPersonNumber',
  'urn:oid:1.2.392.100495.20.3.23': 'http://jpfhir.jp/fhir/core/mhlw/IdSystem/MedicalOrganizationID',
};

/** The codes of JP_SimpleObservationCategory_CS (the required binding of category[first]). */
const SIMPLE_CATEGORY_CODES = [
  'sdoh',
  'functional-status',
  'disability-status',
  'cognitive-status',
  'social-history',
  'vital-signs',
  'body-measurement',
  'imaging',
  'laboratory',
  'procedure',
  'survey',
  'exam',
  'therapy',
  'activity',
];
const SIMPLE_CATEGORY_CS = `${TAG}terminologies_external/cs/JP_SimpleObservationCategory_CS.fsh`;

/** The codes of JP_ObservationBodyMeasurementCategory_CS (category[second] of the body measurement). */
const BODY_CATEGORY_CODES = [
  'weight',
  'height',
  'chest-circumference',
  'abdominal-circumference',
  'deglutition',
  'body-fat-percentage',
  'perimeter',
  'pregnancy-delivery',
  'assessment',
  'perimeter-length',
  'muscle-circumference',
  'muscle-area',
  'subcutaneous-fat-thickness',
  'body-mass-index',
  'rohrer-index',
  'height-estimates',
  'head-circumference',
  'grip-strength',
];
const BODY_CATEGORY_CS = `${TAG}terminologies_external/cs/JP_ObservationBodyMeasurementCategory_CS.fsh`;

/** The codes of JP_ObservationBodyMeasurementCode_CS a 特定健診 has (体重(Kg), 身長, 腹囲, ＢＭＩ). */
const BODY_CODES: Readonly<Record<string, string>> = { '31000296': '体重', '31000298': '身長', '31000301': '腹囲', '31003020': 'ＢＭＩ' };
const BODY_CODE_CS = `${TAG}input/fsh/terminologies/JP_ObservationBodyMeasurementCode_CS.fsh`;

// ---------------------------------------------------------------------------------------------
// Reading a resource

/** Every value at a dotted path, arrays flattened (FHIRPath's simple navigation). */
export function valuesAt(node: unknown, path: string): unknown[] {
  let current: unknown[] = [node];
  for (const step of path.split('.')) {
    const next: unknown[] = [];
    for (const item of current) {
      if (item === null || typeof item !== 'object') continue;
      const value = (item as Record<string, unknown>)[step];
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) next.push(...value);
      else next.push(value);
    }
    current = next;
  }
  return current;
}

const CHOICE_TYPES = [
  'Quantity',
  'CodeableConcept',
  'String',
  'Boolean',
  'Integer',
  'Range',
  'Ratio',
  'SampledData',
  'Time',
  'DateTime',
  'Period',
  'Timing',
  'Instant',
  'Reference',
];

/** The types used for a choice element (`value[x]` → ['Quantity'] for valueQuantity). */
function choiceTypes(resource: Resource, base: string): string[] {
  return Object.keys(resource)
    .filter((key) => key.startsWith(base) && CHOICE_TYPES.includes(key.slice(base.length)))
    .map((key) => key.slice(base.length));
}

function codings(concepts: unknown[]): Array<{ system?: string; code?: string; display?: string }> {
  return concepts.flatMap((concept) => valuesAt(concept, 'coding')) as Array<{ system?: string; code?: string }>;
}

export interface BundleIndex {
  /** fullUrl → resource. */
  byUrl: Map<string, Resource>;
}

export function indexBundle(bundle: Resource): BundleIndex {
  return {
    byUrl: new Map((bundle.entry as Array<{ fullUrl: string; resource: Resource }>).map((entry) => [entry.fullUrl, entry.resource])),
  };
}

/** The profiles a resource claims, without their version. */
export const claimedProfiles = (resource: Resource): string[] =>
  ((resource.meta?.profile as string[] | undefined) ?? []).map((canonical) => canonical.split('|')[0]!);

// ---------------------------------------------------------------------------------------------
// Rules

export interface Rule {
  /** What the profile says, in its own terms. */
  text: string;
  /** Where, at tag 1.2.0 (or the base resource). */
  source: string;
  /** The problems found, none when the resource keeps the rule. */
  check(resource: Resource, index: BundleIndex): string[];
}

const rule = (text: string, source: string, check: Rule['check']): Rule => ({ text, source, check });

/** `path n..`: at least n values. */
const min = (path: string, n: number, source: string): Rule =>
  rule(`${path} ${n}..`, source, (resource) => {
    const count = valuesAt(resource, path).length;
    return count >= n ? [] : [`${path} has ${count}`];
  });

/** `path.sub 1..` inside each `path`. */
const eachHas = (path: string, sub: string, source: string): Rule =>
  rule(`${path}.${sub} 1..`, source, (resource) =>
    valuesAt(resource, path).flatMap((item, i) => (valuesAt(item, sub).length > 0 ? [] : [`${path}[${i}].${sub} missing`])),
  );

/** `value[x] only …`: the choice element, when present, has one of the types. */
const only = (choice: 'value' | 'effective' | 'medication', types: string[], source: string): Rule =>
  rule(
    `${choice}[x] only ${types.map((type) => (type === 'String' || type === 'DateTime' ? type[0]!.toLowerCase() + type.slice(1) : type)).join(' or ')}`,
    source,
    (resource) =>
      choiceTypes(resource, choice)
        .filter((type) => !types.includes(type))
        .map((type) => `${choice}${type} is not allowed`),
  );

/**
 * `path only Reference(…)`: each reference at the path resolves to an entry of the Bundle that is
 * one of the resource types and claims the profile when one is named (`Patient:JP_Patient`). A
 * display-only reference carries no target to check.
 */
const references = (path: string, targets: string[], source: string): Rule =>
  rule(`${path} only Reference(${targets.join(' or ')})`, source, (resource, index) =>
    (valuesAt(resource, path) as Array<{ reference?: string }>).flatMap((reference) => {
      if (!reference.reference) return [];
      const target = index.byUrl.get(reference.reference);
      if (!target) return [`${path} ${reference.reference} does not resolve in the Bundle`];
      const fits = targets.some((spec) => {
        const [type, profile] = spec.split(':');
        return target.resourceType === type && (!profile || claimedProfiles(target).includes(`${SD}${profile}`));
      });
      return fits
        ? []
        : [`${path} ${reference.reference} is a ${target.resourceType} claiming ${claimedProfiles(target).join(', ') || 'no profile'}`];
    }),
  );

/** A required reference: at least one, each with a target (not display-only), each resolving. */
const requiredReference = (path: string, targets: string[], minimum: number, source: string): Rule =>
  rule(`${path} ${minimum}.. only Reference(${targets.join(' or ')}), resolving in the Bundle`, source, (resource, index) => {
    const found = valuesAt(resource, path) as Array<{ reference?: string }>;
    const problems = found.length >= minimum ? [] : [`${path} has ${found.length}`];
    problems.push(...found.filter((reference) => !reference.reference).map(() => `${path} has no reference to resolve (display only)`));
    return [...problems, ...references(path, targets, source).check(resource, index)];
  });

/** category[first]: the categories coded in JP_SimpleObservationCategory_CS (slicing by coding.system). */
const firstCategories = (resource: Resource) =>
  (valuesAt(resource, 'category') as Resource[]).filter((category) =>
    codings([category]).some((coding) => coding.system === SYSTEMS_1_2_0.simpleObservationCategory),
  );

/** category[first].coding.code = #code (exactly), and how many category[first] there may be. */
const firstCategoryIs = (code: string, source: string, maximum = Infinity): Rule =>
  rule(`category[first].coding.code = JP_SimpleObservationCategory_CS#${code} (exactly)`, source, (resource) => {
    const first = firstCategories(resource);
    const problems =
      first.length >= 1
        ? []
        : [`no category[first] (${SYSTEMS_1_2_0.simpleObservationCategory}); categories are ${JSON.stringify(resource.category)}`];
    if (first.length > maximum) problems.push(`${first.length} category[first], at most ${maximum}`);
    for (const coding of codings(first)) {
      if (coding.system === SYSTEMS_1_2_0.simpleObservationCategory && coding.code !== code)
        problems.push(`category[first] code ${coding.code}, not ${code}`);
    }
    return problems;
  });

/** A coding of the given system exists in the CodeableConcept at the path (and its code is listed, when a list is given). */
const codedIn = (path: string, system: string, text: string, source: string, codes?: readonly string[]): Rule =>
  rule(text, source, (resource) => {
    const found = codings(valuesAt(resource, path)).filter((coding) => coding.system === system);
    if (found.length === 0)
      return [
        `${path} has no coding of ${system} (it has ${
          codings(valuesAt(resource, path))
            .map((coding) => coding.system)
            .join(', ') || 'none'
        })`,
      ];
    return codes
      ? found.filter((coding) => !codes.includes(coding.code ?? '')).map((coding) => `${path} code ${coding.code} is not in ${system}`)
      : [];
  });

// ---------------------------------------------------------------------------------------------
// The tables, per profile

const COMMON = `${PROFILES}JP_Observation_Common.fsh`;
const LAB = `${PROFILES}JP_Observation_LabResult.fsh`;
const BODY = `${PROFILES}JP_Observation_BodyMeasurement.fsh`;
const VITAL = `${PROFILES}JP_Observation_VitalSigns.fsh`;
const SOCIAL = `${PROFILES}JP_Observation_SocialHistory.fsh`;

/** JP_Observation_Common: every Observation profile derives from it, so its rules apply to all of them. */
const observationCommon: Rule[] = [
  min('status', 1, `${R4} Observation.status 1..1`),
  min('code', 1, `${R4} Observation.code 1..1`),
  rule(
    'category[first] 1..* from JP_SimpleObservationCategory_VS (required), system fixed',
    `${COMMON} (category slicing by coding.system; ${SIMPLE_CATEGORY_CS})`,
    (resource) => {
      const first = firstCategories(resource);
      if (first.length === 0) return ['no category[first]'];
      return codings(first)
        .filter((coding) => coding.system === SYSTEMS_1_2_0.simpleObservationCategory && !SIMPLE_CATEGORY_CODES.includes(coding.code ?? ''))
        .map((coding) => `category[first] code ${coding.code} is not in JP_SimpleObservationCategory_CS`);
    },
  ),
  references('subject', ['Patient:JP_Patient', 'Group', 'Device', 'Location:JP_Location'], COMMON),
  references(
    'performer',
    [
      'Practitioner:JP_Practitioner',
      'PractitionerRole:JP_PractitionerRole',
      'Organization:JP_Organization',
      'CareTeam',
      'Patient:JP_Patient',
      'RelatedPerson',
    ],
    COMMON,
  ),
  references('specimen', ['Specimen:JP_Specimen_Common'], COMMON),
  rule('a valueQuantity is in UCUM (system and code), as the export promises', 'ours, not the profile', (resource) =>
    resource.valueQuantity && (resource.valueQuantity.system !== SYSTEMS_1_2_0.ucum || !resource.valueQuantity.code)
      ? [`valueQuantity ${JSON.stringify(resource.valueQuantity)} is not UCUM-coded`]
      : [],
  ),
];

/** The profiles our export may claim, with their rules (the inherited ones included). */
export const JP_CORE_RULES: Readonly<Record<string, Rule[]>> = {
  JP_Patient: [
    min('identifier', 1, `${PROFILES}JP_Patient.fsh (identifier 1..)`),
    eachHas('identifier', 'value', `${PROFILES}JP_Patient.fsh (identifier.value 1..)`),
    references('identifier.assigner', ['Organization:JP_Organization'], `${PROFILES}JP_Patient.fsh`),
    references('managingOrganization', ['Organization:JP_Organization'], `${PROFILES}JP_Patient.fsh`),
  ],

  JP_Organization: [
    rule(
      'identifier[insurerNumber].system = InsurerNumber (exactly): an insurer number uses the 1.2.0 URL',
      `${PROFILES}JP_Organization.fsh; ${ALIASES} ($JP_IdSystem_InsurerNumber)`,
      (resource) =>
        (valuesAt(resource, 'identifier') as Array<{ system?: string }>)
          .filter((identifier) => identifier.system === 'urn:oid:1.2.392.100495.20.3.61')
          .map(() => 'an insurer number under the OID instead of the 1.2.0 URL'),
    ),
    eachHas('identifier', 'value', `${R4} Identifier (an identifier without a value identifies nothing)`),
    references('partOf', ['Organization:JP_Organization'], `${PROFILES}JP_Organization.fsh`),
  ],

  JP_Specimen_Common: [references('subject', ['Patient:JP_Patient', 'Group', 'Device', 'Substance', 'Location'], `${R4} Specimen.subject`)],

  JP_Observation_LabResult: [
    ...observationCommon,
    min('category', 1, `${LAB} (category 1..)`),
    firstCategoryIs('laboratory', `${LAB} (category[first] 1..1)`, 1),
    min('code.coding', 1, `${LAB} (code.coding 1..)`),
    min('code.text', 1, `${LAB} (code.text 1..)`),
    codedIn(
      'code',
      SYSTEMS_1_2_0.jlac10,
      'code.coding: the standard code is JLAC10 under the URI 1.2.0 defines (preferred binding, followed)',
      `${LAB} (code.coding.system comment); ${ALIASES} ($JP_ObservationLabResultCode_CS)`,
    ),
    requiredReference('subject', ['Patient:JP_Patient'], 1, `${LAB} (subject 1.. only Reference(JP_Patient))`),
    rule('effective[x] 1..', `${LAB} (effective[x] 1..)`, (resource) =>
      choiceTypes(resource, 'effective').length > 0 ? [] : ['no effective[x]'],
    ),
    only('effective', ['DateTime', 'Period', 'Timing'], `${LAB} (effective[x] only dateTime or Period or Timing)`),
    only('value', ['Quantity', 'CodeableConcept', 'String'], `${LAB} (value[x] only Quantity or CodeableConcept or string)`),
    requiredReference(
      'specimen',
      ['Specimen:JP_Specimen_Common'],
      1,
      `${LAB} (specimen 1..); ${COMMON} (specimen only Reference(JP_Specimen_Common))`,
    ),
  ],

  JP_Observation_BodyMeasurement: [
    ...observationCommon,
    min('category', 1, `${BODY} (category 1..)`),
    firstCategoryIs('body-measurement', `${BODY} (category[first].coding.code = #body-measurement (exactly))`),
    rule(
      'category[second].coding.system = JP_ObservationBodyMeasurementCategory_CS, from its value set',
      `${BODY}; ${BODY_CATEGORY_CS}`,
      (resource) =>
        codings(valuesAt(resource, 'category'))
          .filter((coding) => coding.system !== SYSTEMS_1_2_0.simpleObservationCategory)
          .flatMap((coding) =>
            coding.system !== SYSTEMS_1_2_0.bodyMeasurementCategory
              ? [`category coding of ${coding.system}`]
              : BODY_CATEGORY_CODES.includes(coding.code ?? '')
                ? []
                : [`category[second] code ${coding.code} is not in JP_ObservationBodyMeasurementCategory_CS`],
          ),
    ),
    codedIn(
      'code',
      SYSTEMS_1_2_0.bodyMeasurementCode,
      'code from JP_ObservationBodyMeasurementCode_VS (preferred binding, followed)',
      `${BODY}; ${BODY_CODE_CS}`,
      Object.keys(BODY_CODES),
    ),
    requiredReference('subject', ['Patient:JP_Patient'], 1, `${BODY} (subject 1.. only Reference(JP_Patient))`),
    only('effective', ['DateTime', 'Period'], `${BODY} (effective[x] only dateTime or Period)`),
  ],

  JP_Observation_VitalSigns: [
    ...observationCommon,
    min('category', 1, `${VITAL} (category 1..)`),
    firstCategoryIs('vital-signs', `${VITAL} (category[first].coding.code = vital-signs (exactly))`),
    requiredReference('subject', ['Patient:JP_Patient'], 1, `${VITAL} (subject 1.. only Reference(JP_Patient))`),
    only('effective', ['DateTime', 'Period'], `${VITAL} (effective[x] only dateTime or Period)`),
  ],

  JP_Observation_SocialHistory: [
    ...observationCommon,
    min('category', 1, `${SOCIAL} (category 1..)`),
    firstCategoryIs('social-history', `${SOCIAL} (category[first].coding.code = social-history (exactly))`),
    requiredReference('subject', ['Patient:JP_Patient'], 1, `${SOCIAL} (subject 1.. only Reference(JP_Patient))`),
    only('effective', ['DateTime', 'Period'], `${SOCIAL} (effective[x] only dateTime or Period)`),
    only('value', ['Quantity', 'CodeableConcept', 'String'], `${SOCIAL} (value[x] only Quantity or CodeableConcept or string)`),
  ],

  JP_Observation_Common: [...observationCommon],

  JP_MedicationStatement: [
    min('status', 1, `${R4} MedicationStatement.status 1..1`),
    only('medication', ['CodeableConcept'], `${PROFILES}JP_MedicationStatement.fsh (medication[x] only CodeableConcept)`),
    min('medicationCodeableConcept', 1, `${R4} MedicationStatement.medication[x] 1..1`),
    codedIn(
      'medicationCodeableConcept',
      SYSTEMS_1_2_0.yj,
      'medicationCodeableConcept: YJ code under the URI 1.2.0 defines (HOT9/HOT7/YJ/一般名 per the medication[x] comment)',
      `${PROFILES}JP_MedicationStatement.fsh (medication[x] comment); ${ALIASES} ($JP_MedicationCodeYJ_CS)`,
    ),
    requiredReference(
      'subject',
      ['Patient:JP_Patient'],
      1,
      `${R4} MedicationStatement.subject 1..1; ${PROFILES}JP_MedicationStatement.fsh (subject only Reference(JP_Patient))`,
    ),
    only(
      'effective',
      ['DateTime', 'Period'],
      `${R4} MedicationStatement.effective[x]; ${PROFILES}JP_MedicationStatement.fsh (effectivePeriod only Period)`,
    ),
    references(
      'informationSource',
      ['Patient', 'Practitioner', 'PractitionerRole', 'RelatedPerson', 'Organization'],
      `${R4} MedicationStatement.informationSource`,
    ),
    rule(
      'dosage only JP_MedicationDosage: timing.repeat.boundsDuration system UCUM, code d (exactly); doseQuantity value and code 1..',
      `${PROFILES}JP_MedicationDosage.fsh; ${PROFILES}JP_MedicationQuantity.fsh`,
      (resource) => [
        ...(valuesAt(resource, 'dosage.timing.repeat.boundsDuration') as Resource[])
          .filter((duration) => duration.system !== SYSTEMS_1_2_0.ucum || duration.code !== 'd')
          .map((duration) => `boundsDuration ${JSON.stringify(duration)}`),
        ...(valuesAt(resource, 'dosage.doseAndRate.doseQuantity') as Resource[])
          .filter((quantity) => quantity.value === undefined || !quantity.code)
          .map((quantity) => `doseQuantity ${JSON.stringify(quantity)} without value or code`),
      ],
    ),
  ],

  JP_Coverage: [
    min('status', 1, `${R4} Coverage.status 1..1`),
    requiredReference(
      'beneficiary',
      ['Patient:JP_Patient'],
      1,
      `${R4} Coverage.beneficiary 1..1; ${PROFILES}JP_Coverage.fsh (beneficiary only Reference(JP_Patient))`,
    ),
    requiredReference(
      'payor',
      ['Organization:JP_Organization', 'Patient:JP_Patient', 'RelatedPerson'],
      1,
      `${R4} Coverage.payor 1..*; ${PROFILES}JP_Coverage.fsh (payor only Reference(JP_Organization or JP_Patient or RelatedPerson))`,
    ),
    references('policyHolder', ['Patient:JP_Patient', 'RelatedPerson', 'Organization:JP_Organization'], `${PROFILES}JP_Coverage.fsh`),
    references('subscriber', ['Patient:JP_Patient', 'RelatedPerson'], `${PROFILES}JP_Coverage.fsh`),
  ],
};

/** Rules for every resource of the Bundle, profiled or not. */
export const BUNDLE_RULES: Rule[] = [
  rule(
    'every profile claimed is a JP Core profile of version 1.2.0 (canonical|1.2.0) that has rules here',
    `${TAG}sushi-config.yaml (canonical http://jpfhir.jp/fhir/core; version 1.2.0)`,
    (resource) =>
      ((resource.meta?.profile as string[] | undefined) ?? []).flatMap((canonical) => {
        const [url, version] = canonical.split('|');
        const problems: string[] = [];
        if (!url!.startsWith(SD) || !JP_CORE_RULES[url!.slice(SD.length)]) problems.push(`claims ${url}, which has no rules here`);
        if (version !== JP_CORE_VERSION) problems.push(`claims ${canonical} without the version ${JP_CORE_VERSION}`);
        return problems;
      }),
  ),
  rule(
    'every reference resolves inside the Bundle',
    `${R4} Bundle (a collection's references resolve to its entries)`,
    (resource, index) => {
      const problems: string[] = [];
      const walk = (node: unknown, path: string) => {
        if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${path}[${i}]`));
        else if (node && typeof node === 'object') {
          for (const [key, value] of Object.entries(node)) {
            if (key === 'reference' && typeof value === 'string' && !index.byUrl.has(value))
              problems.push(`${path}.reference ${value} does not resolve`);
            else walk(value, path ? `${path}.${key}` : key);
          }
        }
      };
      walk(resource, '');
      return problems;
    },
  ),
  rule('no code or identifier system is an OID that 1.2.0 replaced with a URL', URL_MAP, (resource) => {
    const problems: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        const system = (node as { system?: unknown }).system;
        if (typeof system === 'string' && OIDS_REPLACED_IN_1_2_0[system])
          problems.push(`${system} should be ${OIDS_REPLACED_IN_1_2_0[system]}`);
        Object.values(node).forEach(walk);
      }
    };
    walk(resource);
    return problems;
  }),
];

export interface Violation {
  resource: string;
  profile: string;
  rule: string;
  source: string;
  problem: string;
}

/** Every resource of the Bundle against the rules of each profile it claims, and the Bundle rules. */
export function checkBundle(bundle: Resource): { profiled: number; broken: Set<string>; violations: Violation[] } {
  const index = indexBundle(bundle);
  const violations: Violation[] = [];
  let profiled = 0;
  for (const { fullUrl, resource } of bundle.entry as Array<{ fullUrl: string; resource: Resource }>) {
    const name = `${resource.resourceType} ${fullUrl}`;
    const profiles = claimedProfiles(resource);
    if (profiles.length > 0) profiled += 1;
    const tables: Array<[string, Rule[]]> = [
      ['(every resource)', BUNDLE_RULES],
      ...profiles.map((url): [string, Rule[]] => {
        const profile = url.startsWith(SD) ? url.slice(SD.length) : url;
        return [profile, JP_CORE_RULES[profile] ?? []];
      }),
    ];
    for (const [profile, rules] of tables) {
      for (const each of rules) {
        for (const problem of each.check(resource, index))
          violations.push({ resource: name, profile, rule: each.text, source: each.source, problem });
      }
    }
  }
  return { profiled, broken: new Set(violations.map((violation) => violation.resource)), violations };
}

/** One line per profile and rule: how many resources break it, the first problem, and the source. */
export function summarise(bundle: Resource, violations: Violation[]): string[] {
  const counts = new Map<string, number>();
  for (const { resource } of bundle.entry as Array<{ resource: Resource }>) {
    for (const profile of claimedProfiles(resource)) counts.set(profile.slice(SD.length), (counts.get(profile.slice(SD.length)) ?? 0) + 1);
  }
  const groups = new Map<string, Violation[]>();
  for (const violation of violations) {
    const key = `${violation.profile} — ${violation.rule}`;
    groups.set(key, [...(groups.get(key) ?? []), violation]);
  }
  return [...groups.entries()].map(([key, group]) => {
    const resources = new Set(group.map((violation) => violation.resource)).size;
    const of = counts.get(group[0]!.profile);
    return `${key}: ${resources}${of ? ` of ${of}` : ''} resources (e.g. ${group[0]!.problem}) [${group[0]!.source}]`;
  });
}
