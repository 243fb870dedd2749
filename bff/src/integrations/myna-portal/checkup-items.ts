import type { CheckupAnalyte, CheckupItemKind } from './types';

/**
 * The 特定健診 items we know, by their 17-character code in the MHLW 特定健診項目コード表
 * (「XML用特定健診項目情報」 of the 電子的な標準様式, code system 1.2.392.200119.6.1005; the laboratory
 * items are JLAC10 codes, whose last digits name the method, so one analyte has several codes).
 * A code not listed here is still read from a document (named by its displayName) and reported
 * in ParsedCheckup.unknownItems.
 *
 * Source: MHLW 「特定健康診査・特定保健指導の電子的な標準様式」 (XML用特定健診項目情報 XMLhc tab,
 * mhlw.go.jp/stf/seisakunitsuite/bunya/0000161103.html). The original table could not be opened from
 * here; the codes were checked against public reproductions of it: the JAMI JP eCheckup FHIR
 * examples (jami-fhir-jp-wg/eCheckupReport, e.g. 9N001 身長, 9A751 収縮期血圧（1回目）, 3F015/3F070/
 * 3F077 lipids, 3D046000001906202 HbA1c, 9N701/9N706/9N711 服薬, 9N736 喫煙) and implementations of
 * the MHLW file format (JMA's 特定健診 software and others: 9A751/9A752/9A755 = 1回目/2回目/その他,
 * 3D046 method variants 06202/20402/27102/99902, 8A065000002391901 eGFR, 3F069000002391901 non-HDL).
 */
export interface CheckupItemDefinition {
  /** Our Japanese name, what the member reads. */
  name: string;
  /** What the item measures, the same for every method's code (the judgements and the forecast key on it). */
  analyte: CheckupAnalyte;
  kind: CheckupItemKind;
  /** The UCUM unit of a numeric item (what the MHLW table writes, in UCUM). */
  unit?: string;
  /** Laboratory results whose code is a MEDIS JLAC10 17-digit code (also coded so in FHIR). */
  laboratory?: boolean;
}

const numeric = (name: string, analyte: CheckupAnalyte, unit: string, laboratory = true): CheckupItemDefinition => ({
  name,
  analyte,
  kind: 'numeric',
  unit,
  laboratory,
});
const coded = (name: string, analyte: CheckupAnalyte, laboratory = false): CheckupItemDefinition => ({
  name,
  analyte,
  kind: 'coded',
  laboratory,
});

export const CHECKUP_ITEMS: Readonly<Record<string, CheckupItemDefinition>> = {
  // 身体計測
  '9N001000000000001': numeric('身長', 'height', 'cm', false),
  '9N006000000000001': numeric('体重', 'weight', 'kg', false),
  '9N011000000000001': numeric('BMI', 'bmi', 'kg/m2', false),
  '9N016160100000001': numeric('腹囲（実測）', 'waist', 'cm', false),
  '9N016160200000001': numeric('腹囲（自己判定）', 'waist', 'cm', false),
  '9N016160300000001': numeric('腹囲（自己申告）', 'waist', 'cm', false),
  // 血圧: 1回目・2回目・その他 (the table's measurement codes; the average or the single reading goes in その他)
  '9A751000000000001': numeric('収縮期血圧（1回目）', 'systolic', 'mm[Hg]', false),
  '9A752000000000001': numeric('収縮期血圧（2回目）', 'systolic', 'mm[Hg]', false),
  '9A755000000000001': numeric('収縮期血圧（その他）', 'systolic', 'mm[Hg]', false),
  '9A761000000000001': numeric('拡張期血圧（1回目）', 'diastolic', 'mm[Hg]', false),
  '9A762000000000001': numeric('拡張期血圧（2回目）', 'diastolic', 'mm[Hg]', false),
  '9A765000000000001': numeric('拡張期血圧（その他）', 'diastolic', 'mm[Hg]', false),
  // 血中脂質: 可視吸光光度法・紫外吸光光度法・その他
  '3F015000002327101': numeric('中性脂肪', 'triglycerides', 'mg/dL'),
  '3F015000002327201': numeric('中性脂肪', 'triglycerides', 'mg/dL'),
  '3F015000002399901': numeric('中性脂肪', 'triglycerides', 'mg/dL'),
  '3F070000002327101': numeric('HDLコレステロール', 'hdl', 'mg/dL'),
  '3F070000002327201': numeric('HDLコレステロール', 'hdl', 'mg/dL'),
  '3F070000002399901': numeric('HDLコレステロール', 'hdl', 'mg/dL'),
  '3F077000002327101': numeric('LDLコレステロール', 'ldl', 'mg/dL'),
  '3F077000002327201': numeric('LDLコレステロール', 'ldl', 'mg/dL'),
  '3F077000002399901': numeric('LDLコレステロール', 'ldl', 'mg/dL'),
  '3F069000002391901': numeric('Non-HDLコレステロール', 'nonHdl', 'mg/dL'),
  // 肝機能
  '3B035000002327201': numeric('AST（GOT）', 'ast', 'U/L'),
  '3B035000002399901': numeric('AST（GOT）', 'ast', 'U/L'),
  '3B045000002327201': numeric('ALT（GPT）', 'alt', 'U/L'),
  '3B045000002399901': numeric('ALT（GPT）', 'alt', 'U/L'),
  '3B090000002327101': numeric('γ-GT（γ-GTP）', 'ggt', 'U/L'),
  '3B090000002399901': numeric('γ-GT（γ-GTP）', 'ggt', 'U/L'),
  // 血糖: 電位差法・可視吸光光度法・紫外吸光光度法・その他
  '3D010000001926101': numeric('空腹時血糖', 'fastingGlucose', 'mg/dL'),
  '3D010000002227101': numeric('空腹時血糖', 'fastingGlucose', 'mg/dL'),
  '3D010000001927201': numeric('空腹時血糖', 'fastingGlucose', 'mg/dL'),
  '3D010000001999901': numeric('空腹時血糖', 'fastingGlucose', 'mg/dL'),
  '3D046000001906202': numeric('HbA1c（NGSP値）', 'hba1c', '%'),
  '3D046000001920402': numeric('HbA1c（NGSP値）', 'hba1c', '%'),
  '3D046000001927102': numeric('HbA1c（NGSP値）', 'hba1c', '%'),
  '3D046000001999902': numeric('HbA1c（NGSP値）', 'hba1c', '%'),
  // 尿検査: 試験紙法（機械読み取り）・試験紙法（目視法）; 結果はコード（－ ± ＋ ＋＋ ＋＋＋）
  '1A020000000190111': coded('尿糖', 'urineGlucose', true),
  '1A020000000191111': coded('尿糖', 'urineGlucose', true),
  '1A010000000190111': coded('尿蛋白', 'urineProtein', true),
  '1A010000000191111': coded('尿蛋白', 'urineProtein', true),
  // 腎機能・その他の血液検査
  '3C015000002327101': numeric('血清クレアチニン', 'creatinine', 'mg/dL'),
  '3C015000002399901': numeric('血清クレアチニン', 'creatinine', 'mg/dL'),
  '8A065000002391901': numeric('eGFR', 'egfr', 'mL/min/{1.73_m2}'),
  '3C020000002327101': numeric('尿酸', 'uricAcid', 'mg/dL'),
  '2A040000001930102': numeric('ヘマトクリット値', 'hematocrit', '%'),
  '2A030000001930101': numeric('血色素量（ヘモグロビン値）', 'hemoglobin', 'g/dL'),
  '2A020000001930101': numeric('赤血球数', 'redBloodCells', '10*4/uL'),
  // 採血時間・判定・医師の診断
  '9N141000000000011': coded('採血時間', 'bloodSamplingTime'),
  '9N501000000000011': coded('メタボリックシンドローム判定', 'metabolicSyndrome'),
  '9N506000000000011': coded('保健指導レベル', 'guidanceLevel'),
  '9N511000000000049': { name: '医師の診断（判定）', analyte: 'doctorsFinding', kind: 'text' },
};

/**
 * The questionnaire (標準的な質問票) answers we read, by item code. The answers are codes of the
 * MHLW result code table: 1 = はい, 2 = いいえ (for 喫煙 since the fourth period, 2024: 1 = はい,
 * 2 = 以前は吸っていたが最近1か月間は吸っていない, 3 = いいえ — only 1 is a current smoker).
 */
export const QUESTIONNAIRE_ITEMS = {
  '9N701000000000011': 'onHypertensionMedication',
  '9N706000000000011': 'onDiabetesMedication',
  '9N711000000000011': 'onLipidMedication',
  '9N736000000000011': 'smoker',
} as const;
