// Demo content of the health forecast: the supervising physicians. Fictional people (no real
// doctor's name or career); their pictures are drawn avatars in the page, not photographs.
import type { Executor } from '../db/client';
import { updateDoctorProfile } from './doctor-profile';

export const DEMO_SERVICE_DOCTOR = {
  name: '森川 はるか',
  nameKana: 'もりかわ はるか',
  title: 'すこやか 健康予報 監修医（架空の人物です）',
  specialty: '循環器内科・予防医学',
  qualifications: ['日本内科学会 総合内科専門医', '日本循環器学会 循環器専門医', '社会医学系専門医'],
  career: [
    '医学部卒業後、大学病院の循環器内科で心筋梗塞・狭心症の診療に従事',
    '地域の健診センターで生活習慣病の予防と保健指導に携わる',
    '現在、健康保険組合向けサービスの医学監修を担当',
  ],
  message:
    '心筋梗塞や脳梗塞は、ある日突然起こるように見えて、実は何年もかけて血管の中で準備が進みます。健康予報は、健診の数値から「これからの10年」をのぞくための道具です。数字に一喜一憂するより、変えられるところ（血圧・コレステロール・たばこ）をひとつずつ見直すきっかけにしてください。気になる結果が出たら、ひとりで抱えずにかかりつけ医に相談しましょう。',
} as const;

export const DEMO_ASSOCIATION_DOCTOR = {
  name: '高瀬 誠一',
  nameKana: 'たかせ せいいち',
  title: 'すこやか健康保険組合 嘱託医（架空の人物です）',
  specialty: '内科・産業医学',
  qualifications: ['日本内科学会 認定内科医', '日本医師会 認定産業医'],
  career: [
    '総合病院の内科で高血圧・脂質異常症・糖尿病の外来を担当',
    '複数の事業所の産業医として働く人の健康づくりを支援',
    '当組合の保健事業の医学的な助言を担当',
  ],
  message:
    '健診の結果を受け取ったら、それで終わりにせず、次の一年の目標を決めるのに使ってください。健康予報で血圧やLDLコレステロールを動かしてみると、どこを変えると効果が大きいかが見えてきます。治療中の方は、目標について必ず主治医と相談してください。',
} as const;

/** The service-wide physician and the demo association's own (seed.ts, a fresh demo database). */
export async function seedDoctorProfiles(db: Executor, demoAssociationId: string, now: Date): Promise<void> {
  await updateDoctorProfile(
    db,
    null,
    { ...DEMO_SERVICE_DOCTOR, qualifications: [...DEMO_SERVICE_DOCTOR.qualifications], career: [...DEMO_SERVICE_DOCTOR.career] },
    now,
  );
  await updateDoctorProfile(
    db,
    demoAssociationId,
    {
      ...DEMO_ASSOCIATION_DOCTOR,
      qualifications: [...DEMO_ASSOCIATION_DOCTOR.qualifications],
      career: [...DEMO_ASSOCIATION_DOCTOR.career],
    },
    now,
  );
}
