// The demo gifts' pictures, drawn at seed time (platform/images.ts drawDemoPicture) and then
// stored as an operator's upload would be.
import type { Executor } from '../db/client';
import { drawDemoPicture } from '../platform/images';
import { processGiftImage, storeGiftImage } from './gift-images';

/** Pictures by demo gift, each with the alternative text an operator would write. */
export const DEMO_PICTURES = {
  quoCard: {
    alt: '青いプリペイドカードのイラスト',
    background: '#dceefb',
    shapes: `<rect x="140" y="120" width="360" height="230" rx="24" fill="#1f6fb2"/><rect x="140" y="170" width="360" height="40" fill="#13507f"/><circle cx="430" cy="295" r="30" fill="#f6c945"/><rect x="175" y="280" width="140" height="18" rx="9" fill="#dceefb"/>`,
  },
  towel: {
    alt: '緑のしま模様のタオルを折りたたんだイラスト',
    background: '#e3f3ec',
    shapes: `<rect x="150" y="150" width="340" height="200" rx="18" fill="#ffffff" stroke="#0b6e4f" stroke-width="6"/><rect x="150" y="190" width="340" height="22" fill="#0b6e4f"/><rect x="150" y="290" width="340" height="22" fill="#0b6e4f"/><rect x="150" y="330" width="340" height="20" rx="10" fill="#cfe8dc"/>`,
  },
  coffee: {
    alt: '湯気の立つコーヒーカップのイラスト',
    background: '#f6eadf',
    shapes: `<path d="M210 200 h200 v110 a70 70 0 0 1 -70 70 h-60 a70 70 0 0 1 -70 -70 z" fill="#7a4a2a"/><path d="M410 225 a45 45 0 0 1 0 90" fill="none" stroke="#7a4a2a" stroke-width="20"/><path d="M260 170 q-20 -30 0 -60 M310 170 q-20 -30 0 -60 M360 170 q-20 -30 0 -60" fill="none" stroke="#b08968" stroke-width="10" stroke-linecap="round"/><rect x="170" y="380" width="300" height="16" rx="8" fill="#b08968"/>`,
  },
} as const;

/** Draws the picture and stores it for the gift, as setOperatorGiftImage would. */
export async function seedGiftPicture(
  db: Executor,
  giftId: string,
  picture: { alt: string; background: string; shapes: string },
  now: Date,
): Promise<void> {
  const png = await drawDemoPicture({ width: 640, height: 480 }, picture.background, picture.shapes);
  await storeGiftImage(db, giftId, picture.alt, await processGiftImage(png), now);
}
