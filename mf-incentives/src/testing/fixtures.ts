import type { Gift, PointAccount, PointCampaign, PointInfo, UserGift } from '@sukoyaka/contract';
import { reply, type FakeBff } from '@sukoyaka/shared/testing';

export const POINT_ID = '0b6a2f4e-5a8d-4c1e-9f3a-1d2e3f4a5b6c';
export const GIFT_ID = '1c7b3a5f-6b9e-4d2f-8a4b-2e3f4a5b6c7d';
export const USER_GIFT_ID = '2d8c4b6a-7c0f-4e3a-9b5c-3f4a5b6c7d8e';
export const CAMPAIGN_ID = '3e9d5c7b-8d1a-4f4b-8c6d-4a5b6c7d8e9f';

export const member = {
  userId: 'u1',
  email: 'taro@example.jp',
  nickname: 'たろう',
  association: { id: 'a1', name: 'すこやか健康保険組合' },
};

const DAY = 24 * 60 * 60 * 1000;
/** Relative to the clock, as the pages read it: one lot expires soon, one in about three years. */
export const SOON = new Date(Date.now() + 20 * DAY).toISOString();
export const LATER = new Date(Date.now() + 1000 * DAY).toISOString();

export const account: PointAccount = {
  pointId: POINT_ID,
  name: 'すこやかポイント',
  balance: 1000,
  expiries: [
    { expiresAt: SOON, points: 300 },
    { expiresAt: LATER, points: 700 },
  ],
  requiresAgreement: false,
};

export const info: PointInfo = {
  pointId: POINT_ID,
  name: 'すこやかポイント',
  description: '健康づくりの取り組みでたまるポイントです。',
  expiryMonths: 36,
  requiresConsent: true,
  consentVersion: 2,
  consentText: '第1条 このポイントは…',
  agreed: true,
};

export const digitalGift: Gift = {
  id: GIFT_ID,
  name: 'QUOカードPay 500円分',
  description: 'コンビニなどで使えるデジタルギフトです。',
  cost: 500,
  kind: 'digital_code',
  stock: 12,
  inStock: true,
  image: null,
};

export const userGift: UserGift = {
  id: USER_GIFT_ID,
  giftId: GIFT_ID,
  name: 'QUOカードPay 500円分',
  description: 'コンビニなどで使えるデジタルギフトです。',
  kind: 'digital_code',
  source: 'redemption',
  deliveryState: 'issued',
  code: 'QUO-1234-5678',
  usedAt: null,
  createdAt: '2026-11-01T01:00:00Z',
  image: null,
  order: null,
};

export const campaign: PointCampaign = {
  id: CAMPAIGN_ID,
  pointId: POINT_ID,
  title: '秋のウォーキングキャンペーン',
  description: '期間中にエントリーすると100ptプレゼント。',
  startsAt: '2026-11-01T00:00:00Z',
  endsAt: '2026-11-30T14:59:59Z',
  entered: false,
};

/** A signed-in member. */
export function signIn(bff: FakeBff) {
  bff.withAuthenticityToken('token-1');
  bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
  bff.onCall('getUserInfo', reply(member));
}

export const serverError = {
  status: 500,
  body: { code: 'internal_server_error', message: 'エラーが発生しました。時間をおいてお試しください。' },
};

/** A member's delivery address as the bff answers it (issue 27). */
export const deliveryAddress = {
  name: 'すこやか 花子',
  postalCode: '100-0001',
  prefecture: '東京都',
  city: '千代田区',
  street: '千代田1-1',
  building: '',
  phone: '090-1234-5678',
};
