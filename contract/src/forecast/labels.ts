// What a member reads about the score, in one place for the page and anything else that shows it.
import type { OutOfRangeReason, RiskCategory, ScoreFactor } from './score';

export const FACTOR_LABELS: Readonly<Record<ScoreFactor, string>> = {
  sex: '性別（男性）',
  systolic: '収縮期血圧（上の血圧）',
  impairedGlucose: '耐糖能異常（血糖値がやや高め）',
  ldl: 'LDLコレステロール',
  hdl: 'HDLコレステロール',
  smoker: '喫煙',
};

export const CATEGORY_LABELS: Readonly<Record<RiskCategory, string>> = {
  low: '低リスク',
  middle: '中リスク',
  high: '高リスク',
  secondary: '二次予防（再発予防）',
};

/** What applies instead of a number, said plainly ([JAS2022] 図3-3 and its notes). */
export const OUT_OF_RANGE_TEXT: Readonly<Record<OutOfRangeReason, { title: string; body: string }>> = {
  coronaryDisease: {
    title: '心筋梗塞・狭心症などの治療歴がある方は、この予測の対象ではありません',
    body: '冠動脈疾患の既往がある方は、ガイドラインでは「二次予防」として、発症確率を計算せずに最も厳しい脂質管理目標（LDLコレステロール100mg/dL未満）が勧められています。主治医の指示に従ってください。',
  },
  diabetes: {
    title: '糖尿病の方は、この予測の対象ではありません',
    body: '糖尿病がある方は、ガイドラインでは計算をせずに「高リスク」に分類されます（末梢動脈疾患・網膜症・腎症・神経障害の合併や喫煙がある場合は、さらに厳しい目標が考慮されます）。糖尿病の治療とあわせて、主治医と脂質の目標を確認してください。',
  },
  ckd: {
    title: '慢性腎臓病（CKD）の方は、この予測の対象ではありません',
    body: '慢性腎臓病がある方は、ガイドラインでは計算をせずに「高リスク」に分類されます。主治医と脂質・血圧の目標を確認してください。',
  },
  pad: {
    title: '末梢動脈疾患の方は、この予測の対象ではありません',
    body: '末梢動脈疾患がある方は、ガイドラインでは計算をせずに「高リスク」に分類されます。主治医と治療の目標を確認してください。',
  },
  nonCardiogenicStroke: {
    title: '脳梗塞（非心原性）の治療歴がある方は、この予測の対象ではありません',
    body: 'アテローム血栓性脳梗塞などの既往がある方は、ガイドラインでは計算をせずに「高リスク」に分類されます（明らかなアテロームを伴う場合は、さらに厳しい目標が考慮されます）。主治医の指示に従ってください。',
  },
  under40: {
    title: '40歳未満の方には、このモデルで数値を出せません',
    body: '久山町研究のスコアは40〜79歳の方のためのものです。若い年代では10年以内の発症確率は低く出ますが、生涯で見たリスクは高いことがあります。血圧・LDLコレステロール・喫煙など、ひとつひとつの危険因子を早めに改善することが勧められています。',
  },
  over79: {
    title: '80歳以上の方には、このモデルで数値を出せません',
    body: '久山町研究のスコアは40〜79歳の方のためのものです。80歳以上の方は、体の状態や持病に応じて、治療の目標を主治医と個別に相談してください。',
  },
};
