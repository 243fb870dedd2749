/*
 * What pages show of the incentives area's calls without a schema (issue 27's script budget): its
 * constants, the names members read, its paths and pure helpers. A module of its own
 * (`@sukoyaka/contract/incentive-terms`), without zod: a page that only names these loads this
 * module, not the area's schemas (`@sukoyaka/contract/incentives`, which import them from here)
 * and zod/mini.
 */

/** The incentives area's own error codes (each answered with a Japanese message). */
export const IncentiveErrorCodes = {
  /** 409: the balance does not cover the gift or the draw; nothing was charged. */
  insufficientBalance: 'insufficient_balance',
  /** 409: the gift ran out; nothing was charged. */
  giftOutOfStock: 'gift_out_of_stock',
  /** 403: the program needs the member's consent first (/points/[pointId]/require_agreement). */
  pointAgreementRequired: 'point_agreement_required',
  /** 409: the campaign is not open now. */
  campaignClosed: 'campaign_closed',
  /** 409: the partner link is given only after entering the campaign. */
  campaignNotEntered: 'campaign_not_entered',
  /** 409: the gift challenge has no prize in stock. */
  giftChallengeUnavailable: 'gift_challenge_unavailable',
  /** 409: a physical gift needs the member's delivery address first (/profile/address); nothing was charged. */
  deliveryAddressRequired: 'delivery_address_required',
  /** 409: the order was shipped or cancelled already (otherwise than this request asks). */
  giftOrderClosed: 'gift_order_closed',
  /** 409: the order has no delivery address yet (a prize won before the member saved one). */
  giftOrderAddressMissing: 'gift_order_address_missing',
  /** 409: a tracking number is corrected on a shipped order only (ship it first). */
  giftOrderNotShipped: 'gift_order_not_shipped',
} as const;

/** The 47 prefectures in the order of their codes (JIS X 0401: 北海道 01 … 沖縄県 47). */
export const PREFECTURES = [
  '北海道',
  '青森県',
  '岩手県',
  '宮城県',
  '秋田県',
  '山形県',
  '福島県',
  '茨城県',
  '栃木県',
  '群馬県',
  '埼玉県',
  '千葉県',
  '東京都',
  '神奈川県',
  '新潟県',
  '富山県',
  '石川県',
  '福井県',
  '山梨県',
  '長野県',
  '岐阜県',
  '静岡県',
  '愛知県',
  '三重県',
  '滋賀県',
  '京都府',
  '大阪府',
  '兵庫県',
  '奈良県',
  '和歌山県',
  '鳥取県',
  '島根県',
  '岡山県',
  '広島県',
  '山口県',
  '徳島県',
  '香川県',
  '愛媛県',
  '高知県',
  '福岡県',
  '佐賀県',
  '長崎県',
  '熊本県',
  '大分県',
  '宮崎県',
  '鹿児島県',
  '沖縄県',
] as const;
export type Prefecture = (typeof PREFECTURES)[number];

/** The parts of a delivery address written on a parcel (a `DeliveryAddress`: its schema is the area's). */
export interface AddressOnParcel {
  postalCode: string;
  prefecture: string;
  city: string;
  street: string;
  /** Empty when the member gave none. */
  building: string;
  phone: string;
}

/** The address as it is written on a parcel: 〒, the address line, the building, the phone (the name apart). */
export function deliveryAddressLines(address: AddressOnParcel): string[] {
  return [
    `〒${address.postalCode}`,
    `${address.prefecture}${address.city}${address.street}`,
    ...(address.building ? [address.building] : []),
    `電話 ${address.phone}`,
  ];
}

/** Where an order stands: 発送準備中, 発送済み, キャンセル. */
export const giftOrderStatuses = ['preparing', 'shipped', 'cancelled'] as const;
export type GiftOrderStatus = (typeof giftOrderStatuses)[number];
export const giftOrderStatusLabels: Record<GiftOrderStatus, string> = {
  preparing: '発送準備中',
  shipped: '発送済み',
  cancelled: 'キャンセル',
};

/** The kinds of record a points menu can reward (the console's choice as its points page loads). */
export const operatorVitalTypes = ['bloodPressure', 'bloodSugar', 'weight', 'bodyTemperature', 'steps'] as const;
