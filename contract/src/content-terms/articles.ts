/** An article's category (issue 29), with the name members read. */
export const articleCategories = [
  'lipids',
  'blood_pressure',
  'blood_sugar',
  'kidney',
  'smoking',
  'exercise',
  'diet',
  'sleep',
  'mental',
  'general',
] as const;
export type ArticleCategory = (typeof articleCategories)[number];
export const articleCategoryLabels: Record<ArticleCategory, string> = {
  lipids: 'コレステロール・脂質',
  blood_pressure: '血圧',
  blood_sugar: '血糖',
  kidney: '腎臓',
  smoking: '禁煙',
  exercise: '運動',
  diet: '食事',
  sleep: '睡眠',
  mental: 'こころ',
  general: '健康全般',
};
