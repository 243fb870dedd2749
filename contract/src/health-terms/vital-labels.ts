/** When the blood was taken relative to a meal: 空腹時, 食前, 食後, 随時. */
export const bloodSugarTimings = ['fasting', 'beforeMeal', 'afterMeal', 'random'] as const;
export type BloodSugarTiming = (typeof bloodSugarTimings)[number];
export const bloodSugarTimingLabels: Record<BloodSugarTiming, string> = {
  fasting: '空腹時',
  beforeMeal: '食前',
  afterMeal: '食後',
  random: '随時',
};

/** A night's stages, as a wearable reports them. */
export const sleepStageNames = ['awake', 'light', 'deep', 'rem'] as const;
export type SleepStageName = (typeof sleepStageNames)[number];
export const sleepStageLabels: Record<SleepStageName, string> = { awake: '覚醒', light: '浅い睡眠', deep: '深い睡眠', rem: 'レム睡眠' };
