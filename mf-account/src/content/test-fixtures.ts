import type { Announcement, Enquete } from '@sukoyaka/contract';
import type { FakeBff } from '@sukoyaka/shared/testing';
import { reply } from '@sukoyaka/shared/testing';

export const member = {
  userId: 'u1',
  email: 'hanako@example.jp',
  nickname: 'すこやか 花子',
  association: { id: '5a1c0d3e-0000-4000-8000-000000000001', name: 'すこやか健康保険組合' },
  birthday: '1980-04-01',
};

/** A signed-in member as the pages see them. */
export function signedIn(bff: FakeBff): void {
  bff.withAuthenticityToken('token-1');
  bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
  bff.onCall('getUserInfo', reply(member));
}

export function announcement(overrides: Partial<Announcement> = {}): Announcement {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    title: '健康づくりアンケートご協力のお願い',
    category: 'important',
    body: '1段落目です。\n\n2段落目です。',
    linkPath: '/enquetes/22222222-2222-4222-8222-222222222222',
    linkLabel: 'アンケートに回答する',
    siteWide: false,
    publishedAt: '2026-11-22T01:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

export const ENQUETE_ID = '22222222-2222-4222-8222-222222222222';

export function enquete(overrides: Partial<Enquete> = {}): Enquete {
  return {
    id: ENQUETE_ID,
    title: '2026年度 健康づくりアンケート',
    description: '所要時間は約2分です。',
    closesAt: '2099-12-31T00:00:00.000Z',
    questionCount: 4,
    answeredAt: null,
    questions: [
      {
        id: 'q0000001-0000-4000-8000-000000000001',
        kind: 'single',
        text: '週に何日運動していますか',
        required: true,
        choices: [
          { id: 'c0000001-0000-4000-8000-000000000001', label: 'ほとんどしない' },
          { id: 'c0000001-0000-4000-8000-000000000002', label: '週3日以上' },
        ],
        scaleMin: null,
        scaleMax: null,
        scaleMinLabel: null,
        scaleMaxLabel: null,
      },
      {
        id: 'q0000001-0000-4000-8000-000000000002',
        kind: 'multiple',
        text: '関心のあるテーマ',
        required: true,
        choices: [
          { id: 'c0000002-0000-4000-8000-000000000001', label: '食事' },
          { id: 'c0000002-0000-4000-8000-000000000002', label: '睡眠' },
        ],
        scaleMin: null,
        scaleMax: null,
        scaleMinLabel: null,
        scaleMaxLabel: null,
      },
      {
        id: 'q0000001-0000-4000-8000-000000000003',
        kind: 'scale',
        text: '使いやすさ',
        required: true,
        choices: [],
        scaleMin: 1,
        scaleMax: 5,
        scaleMinLabel: '使いにくい',
        scaleMaxLabel: '使いやすい',
      },
      {
        id: 'q0000001-0000-4000-8000-000000000004',
        kind: 'text',
        text: 'ご意見',
        required: false,
        choices: [],
        scaleMin: null,
        scaleMax: null,
        scaleMinLabel: null,
        scaleMaxLabel: null,
      },
    ],
    ...overrides,
  };
}
