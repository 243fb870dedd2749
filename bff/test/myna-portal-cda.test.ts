import { CdaParseError, parseCheckupCda } from '../src/integrations/myna-portal/cda';
import { buildCheckupCda, type FakeCdaDocument } from '@sukoyaka/fakes';

/*
 * Issue 12, the 特定健診 CDA parser (HL7 CDA R2 in the MHLW layout, read with fast-xml-parser):
 * documents with missing and unknown items, coded and text values, nested groups, and documents
 * that are not check-ups.
 */

const base: FakeCdaDocument = {
  documentId: '20260610-0001',
  examinedOn: '2026-06-10',
  institution: { number: '1312345678', name: 'すこやか健診センター' },
  person: { nameKana: 'ケンシン ハナコ', sex: 'female', birthDate: '1975-09-30' },
  items: [
    { code: '9A751000000000001', name: '収縮期血圧', type: 'PQ', value: 141, unit: 'mmHg' },
    { code: '3F077000002327101', name: 'LDLコレステロール', type: 'PQ', value: 119.5, unit: 'mg/dL' },
    { code: '3D046000001906202', name: 'HbA1c', type: 'PQ', value: 6.5, unit: '%' },
  ],
  questionnaire: { smoker: true, onHypertensionMedication: true, onLipidMedication: false },
};

function failure(xml: string): CdaParseError {
  try {
    parseCheckupCda(xml);
  } catch (error) {
    expect(error).toBeInstanceOf(CdaParseError);
    return error as CdaParseError;
  }
  throw new Error('expected a CdaParseError');
}

describe('parseCheckupCda', () => {
  it('reads the document: id, exam date, institution, sex, birth date, items with units, questionnaire', () => {
    expect(parseCheckupCda(buildCheckupCda(base))).toEqual({
      documentId: '1.2.392.200119.6.102.1312345678^20260610-0001',
      examinedOn: '2026-06-10',
      institution: 'すこやか健診センター',
      sex: 'female',
      birthDate: '1975-09-30',
      items: [
        { code: '9A751000000000001', analyte: 'systolic', name: '収縮期血圧（1回目）', value: 141, unit: 'mmHg', kind: 'numeric' },
        { code: '3F077000002327101', analyte: 'ldl', name: 'LDLコレステロール', value: 119.5, unit: 'mg/dL', kind: 'numeric' },
        { code: '3D046000001906202', analyte: 'hba1c', name: 'HbA1c（NGSP値）', value: 6.5, unit: '%', kind: 'numeric' },
      ],
      questionnaire: { smoker: true, onHypertensionMedication: true, onLipidMedication: false },
      unknownItems: [],
    });
  });

  it('leaves out items not done (nullFlavor) and questions not answered', () => {
    const parsed = parseCheckupCda(
      buildCheckupCda({
        ...base,
        items: [{ code: '3F077000002327101', name: 'LDL', type: 'NULL' }, base.items[0]!],
        questionnaire: {},
      }),
    );
    expect(parsed.items.map((item) => item.code)).toEqual(['9A751000000000001']);
    expect(parsed.questionnaire).toEqual({});
  });

  it('keeps an unknown code by its displayName and lists it in unknownItems', () => {
    const parsed = parseCheckupCda(
      buildCheckupCda({
        ...base,
        items: [...base.items, { code: '9A110160700000011', name: '心電図所見の有無', type: 'CO', valueCode: '2', display: '所見なし' }],
      }),
    );
    expect(parsed.unknownItems).toEqual(['9A110160700000011']);
    expect(parsed.items.at(-1)).toEqual({
      code: '9A110160700000011',
      name: '心電図所見の有無',
      value: '所見なし',
      unit: null,
      kind: 'coded',
    });
  });

  it('reads coded (尿蛋白 ＋ from the result code) and text values (尿蛋白 "+", the doctor’s finding)', () => {
    const parsed = parseCheckupCda(
      buildCheckupCda({
        ...base,
        items: [
          { code: '1A010000000191111', name: '尿蛋白', type: 'CO', valueCode: '3', display: '＋' },
          { code: '1A010000000190111', name: '尿蛋白', type: 'ST', text: '+' },
          { code: '9N511000000000049', name: '医師の診断', type: 'ST', text: '脂質異常の傾向があります。食事を見直しましょう。' },
        ],
      }),
    );
    expect(parsed.items).toEqual([
      { code: '1A010000000191111', analyte: 'urineProtein', name: '尿蛋白', value: '＋', unit: null, kind: 'coded' },
      { code: '1A010000000190111', analyte: 'urineProtein', name: '尿蛋白', value: '+', unit: null, kind: 'text' },
      {
        code: '9N511000000000049',
        analyte: 'doctorsFinding',
        name: '医師の診断（判定）',
        value: '脂質異常の傾向があります。食事を見直しましょう。',
        unit: null,
        kind: 'text',
      },
    ]);
  });

  it('reads grouped items nested under entryRelationship, a prefixed namespace, and a PQ that is not a number as text', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<hl7:ClinicalDocument xmlns:hl7="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <hl7:typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>
  <hl7:id nullFlavor="NI"/>
  <hl7:code code="10" codeSystem="1.2.392.200119.6.1001"/>
  <hl7:effectiveTime value="20250301"/>
  <hl7:recordTarget><hl7:patientRole><hl7:patient><hl7:administrativeGenderCode code="1" codeSystem="1.2.392.200119.6.1104"/></hl7:patient></hl7:patientRole></hl7:recordTarget>
  <hl7:documentationOf><hl7:serviceEvent><hl7:effectiveTime value="20250228"/>
    <hl7:performer typeCode="PRF"><hl7:assignedEntity><hl7:representedOrganization><hl7:name>みなと健診クリニック</hl7:name></hl7:representedOrganization></hl7:assignedEntity></hl7:performer>
  </hl7:serviceEvent></hl7:documentationOf>
  <hl7:component><hl7:structuredBody><hl7:component><hl7:section>
    <hl7:entry><hl7:observation classCode="OBS" moodCode="EVN">
      <hl7:code nullFlavor="NA"/>
      <hl7:entryRelationship typeCode="COMP"><hl7:observation classCode="OBS" moodCode="EVN">
        <hl7:code code="9A755000000000001" codeSystem="1.2.392.200119.6.1005"/>
        <hl7:value xsi:type="PQ" value="128" unit="mmHg"/>
      </hl7:observation></hl7:entryRelationship>
      <hl7:entryRelationship typeCode="COMP"><hl7:observation classCode="OBS" moodCode="EVN">
        <hl7:code code="9A765000000000001" codeSystem="1.2.392.200119.6.1005"/>
        <hl7:value xsi:type="PQ" value="82" unit="mmHg"/>
      </hl7:observation></hl7:entryRelationship>
    </hl7:observation></hl7:entry>
    <hl7:entry><hl7:observation classCode="OBS" moodCode="EVN">
      <hl7:code code="3F015000002327101" codeSystem="1.2.392.200119.6.1005"/>
      <hl7:value xsi:type="PQ" value="&lt;30" unit="mg/dL"/>
    </hl7:observation></hl7:entry>
    <hl7:entry><hl7:observation classCode="OBS" moodCode="EVN">
      <hl7:code code="9N736000000000011" codeSystem="1.2.392.200119.6.1005"/>
      <hl7:value xsi:type="CO" code="2" displayName="以前は吸っていたが最近1か月間は吸っていない"/>
    </hl7:observation></hl7:entry>
  </hl7:section></hl7:component></hl7:structuredBody></hl7:component>
</hl7:ClinicalDocument>`;
    const parsed = parseCheckupCda(xml);
    expect(parsed.examinedOn).toBe('2025-02-28'); // the serviceEvent's date, not the file's
    expect(parsed.institution).toBe('みなと健診クリニック');
    expect(parsed.sex).toBe('male');
    expect(parsed.birthDate).toBeUndefined();
    expect(parsed.documentId).toMatch(/^sha256:[0-9a-f]{32}$/);
    expect(parsed.items.map((item) => [item.analyte, item.value, item.kind])).toEqual([
      ['systolic', 128, 'numeric'],
      ['diastolic', 82, 'numeric'],
      ['triglycerides', '<30', 'text'],
    ]);
    expect(parsed.questionnaire).toEqual({ smoker: false });
  });

  it('refuses a document that is not CDA, not a 特定健診 report, or not well-formed', () => {
    expect(failure('<html><body>not a document</body></html>').message).toMatch(/ClinicalDocument/);
    expect(failure('{"resourceType":"Bundle"}').message).toMatch(/XML|ClinicalDocument/);
    expect(failure('').message).toMatch(/empty/);
    expect(failure('<ClinicalDocument xmlns="urn:other"><code code="10"/></ClinicalDocument>').message).toMatch(/namespace/);
    expect(
      failure(buildCheckupCda(base).replace('code="10" codeSystem="1.2.392.200119.6.1001"', 'code="20" codeSystem="1.2.392.200119.6.1001"'))
        .message,
    ).toMatch(/特定健診/);
    expect(failure(buildCheckupCda(base).replace('extension="POCD_HD000040"', 'extension="REPC_HD000000"')).message).toMatch(/CDA R2/);
    expect(failure(buildCheckupCda(base).replace('</ClinicalDocument>', '')).message).toMatch(/well-formed/);
    expect(
      failure(buildCheckupCda(base).replaceAll(/<effectiveTime value="\d+"\/>/g, '<effectiveTime nullFlavor="UNK"/>')).message,
    ).toMatch(/exam date/);
  });

  it('refuses a DOCTYPE and entity declarations (no expansion, no external entities)', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><ClinicalDocument xmlns="urn:hl7-org:v3">&lol2;</ClinicalDocument>`;
    expect(failure(bomb).message).toMatch(/DOCTYPE/);
    const external = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><ClinicalDocument xmlns="urn:hl7-org:v3">&x;</ClinicalDocument>`;
    expect(failure(external).message).toMatch(/DOCTYPE/);
  });

  it('keeps the five predefined entities as the characters they stand for', () => {
    const parsed = parseCheckupCda(buildCheckupCda({ ...base, institution: { number: '1', name: '健診センター <本館> & "東"' } }));
    expect(parsed.institution).toBe('健診センター <本館> & "東"');
  });
});
