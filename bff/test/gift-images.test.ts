import { GIFT_IMAGE_MAX_BYTES } from '@sukoyaka/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { imageKindOf } from '../src/incentives/gift-images';
import { Agent, createAssociations, createMember, createTestContext, grant, signedInOperator, type TestContext } from './helpers';

/*
 * Issue 27, gifts with pictures: an operator uploads a picture with its alternative text; the bff
 * believes the bytes, not the browser (JPEG, PNG, WebP by magic number), refuses more than 5 MB,
 * decodes and re-encodes into 320 and 640 px WebP without metadata, and serves each file under its
 * content hash as image/webp, nosniff, cached a year. Members see it in the catalogue.
 */

let ctx: TestContext;
let x: string;
let y: string;
let editor: Agent;
let programId: string;
let giftId: string;

const rows = async <T>(text: string) => ((await ctx.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const storedFiles = async () =>
  (await rows<{ n: number }>(`select count(*)::int as n from gift_image_files where gift_id = '${giftId}'`))[0]!.n;

/** A photo as a phone takes it: 1200 × 900 JPEG with EXIF, GPS among it. */
async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SukoyakaPhone', Model: 'Test 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '139/1 46/1 0/1' },
    })
    .toBuffer();
}

/** An operator of `associationId` with `role`, signed in (half a minute later, past the sign-in throttle). */
async function operatorOf(associationId: string, role: 'editor' | 'viewer'): Promise<Agent> {
  ctx.clock.advance(31_000);
  return (await signedInOperator(ctx, [{ associationId, role }])).agent;
}

const upload = (agent: Agent, body: Record<string, unknown>) => agent.operatorPost('setOperatorGiftImage', body);

beforeAll(async () => {
  ctx = await createTestContext();
  [x, y] = (await createAssociations(ctx.db)) as [string, string];
  ({ agent: editor } = await signedInOperator(ctx, [{ associationId: x, role: 'editor' }]));
  programId = (await editor.operatorPost('createOperatorPointProgram', { associationId: x, name: '健康ポイント' })).body.id;
  giftId = (await editor.operatorPost('addOperatorGift', { programId, name: 'オリジナルタオル', cost: 800, kind: 'delivery' })).body.id;
});
afterAll(async () => ctx?.close());

describe('uploading a gift’s picture (issue 27)', () => {
  it('refuses a file that is not JPEG, PNG or WebP by its bytes, whatever it claims, storing nothing', async () => {
    // SVG (could run script), HTML and a GIF: none has the magic number of an accepted type.
    for (const bytes of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'),
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
        .gif()
        .toBuffer(),
    ]) {
      const answer = await upload(editor, { giftId, alt: 'タオル', contentBase64: bytes.toString('base64') });
      expect(answer.status).toBe(400);
      expect(answer.body.fields.contentBase64).toEqual(['JPEG・PNG・WebPの画像を選んでください']);
    }
    // A PNG signature in front of what is not a PNG is refused when decoded.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a picture')]);
    const forged = await upload(editor, { giftId, alt: 'タオル', contentBase64: fake.toString('base64') });
    expect(forged.status).toBe(400);
    expect(forged.body.fields.contentBase64[0]).toMatch(/読み取れませんでした|JPEG・PNG・WebP/);
    expect(await storedFiles()).toBe(0);
  });

  it('refuses a picture over 5 MB with a Japanese 400 naming the field, storing nothing', async () => {
    const big = Buffer.concat([await photoWithGps(), Buffer.alloc(GIFT_IMAGE_MAX_BYTES)]);
    const answer = await upload(editor, { giftId, alt: 'タオル', contentBase64: big.toString('base64') });
    expect(answer.status).toBe(400);
    expect(answer.body.fields.contentBase64).toEqual(['画像は5MB以内にしてください']);
    expect(await storedFiles()).toBe(0);
  });

  it('requires the alternative text (400 naming the field in Japanese), storing nothing', async () => {
    const contentBase64 = (await photoWithGps()).toString('base64');
    for (const body of [
      { giftId, contentBase64 },
      { giftId, alt: '   ', contentBase64 },
    ]) {
      const answer = await upload(editor, body);
      expect(answer.status).toBe(400);
      expect(answer.body.fields.alt).toEqual(['代替テキストを入力してください']);
    }
    expect(await storedFiles()).toBe(0);
  });

  it('an operator of another association cannot upload to this association’s gift (404), nor a viewer (403)', async () => {
    const stranger = await operatorOf(y, 'editor');
    const contentBase64 = (await photoWithGps()).toString('base64');
    expect((await upload(stranger, { giftId, alt: 'タオル', contentBase64 })).status).toBe(404);
    const viewer = await operatorOf(x, 'viewer');
    expect((await upload(viewer, { giftId, alt: 'タオル', contentBase64 })).status).toBe(403);
    expect(await storedFiles()).toBe(0);
  });

  it('stores 320 and 640 px WebP without EXIF, serves them as image/webp, nosniff, cached a year under their hash; members see it', async () => {
    const photo = await photoWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const answer = await upload(editor, { giftId, alt: '緑のしま模様のタオル', contentBase64: photo.toString('base64') });
    expect(answer.status).toBe(200);
    const image = answer.body.image;
    expect(image).toMatchObject({ alt: '緑のしま模様のタオル', width: 640, height: 480 });
    expect(image.variants.map((variant: { width: number }) => variant.width)).toEqual([320, 640]);

    for (const variant of image.variants as { url: string; width: number }[]) {
      expect(variant.url).toMatch(/^\/media\/gift-images\/[0-9a-f]{64}\.webp$/);
      const served = await ctx.app.inject({ method: 'GET', url: variant.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const bytes = served.rawPayload;
      expect(imageKindOf(bytes)).toBe('webp');
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: variant.width });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(bytes.includes(Buffer.from('SukoyakaPhone'))).toBe(false);
    }
    // Anything else under the path is a plain 404, never a page.
    const missing = await ctx.app.inject({ method: 'GET', url: `/media/gift-images/${'0'.repeat(64)}.webp` });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/plain/);
    expect((await ctx.app.inject({ method: 'GET', url: '/media/gift-images/x.svg' })).statusCode).toBe(404);

    const listed = await editor.get('listOperatorPointPrograms', { associationId: x });
    expect(listed.body.programs[0].gifts[0].image).toEqual(image);
    const member = await createMember(ctx.db);
    await ctx.db.execute(sql.raw(`update users set association_id = '${x}' where id = '${member.id}'`));
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, member.password);
    const catalogue = await agent.get('listPointGifts', { pointId: programId });
    expect(catalogue.status).toBe(200);
    expect(catalogue.body.gifts).toEqual([expect.objectContaining({ id: giftId, image })]);
    const audits = await rows<{ n: number }>(`select count(*)::int as n from audit_logs where event = 'operator_gift_image_set'`);
    expect(audits[0]!.n).toBe(1);
  });

  it('a new picture replaces the old one and its files; a narrow picture is not enlarged', async () => {
    const narrow = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#e3f3ec' } })
      .png()
      .toBuffer();
    const answer = await upload(editor, { giftId, alt: '小さな絵', contentBase64: narrow.toString('base64') });
    expect(answer.status).toBe(200);
    expect(answer.body.image).toMatchObject({ alt: '小さな絵', width: 200, height: 100, variants: [{ width: 200 }] });
    expect(await storedFiles()).toBe(1);
    // WebP is accepted too.
    const webp = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#f6eadf' } })
      .webp()
      .toBuffer();
    const again = await upload(editor, { giftId, alt: 'コーヒー', contentBase64: webp.toString('base64') });
    expect(again.body.image.variants.map((variant: { width: number }) => variant.width)).toEqual([320, 400]);
  });

  it('an editor removes the picture: its files answer 404, the catalogue falls back to the placeholder; audited once', async () => {
    const stranger = await operatorOf(y, 'editor');
    const viewer = await operatorOf(x, 'viewer');
    const photo = (await photoWithGps()).toString('base64');
    const uploaded = (await upload(editor, { giftId, alt: '緑のしま模様のタオル', contentBase64: photo })).body.image;
    const urls = (uploaded.variants as { url: string }[]).map((variant) => variant.url);
    expect((await ctx.app.inject({ method: 'GET', url: urls[0]! })).statusCode).toBe(200);

    // Another association's editor learns nothing of the gift (404); a viewer may not (403); nothing goes.
    expect((await stranger.operatorPost('removeOperatorGiftImage', { giftId })).status).toBe(404);
    expect((await viewer.operatorPost('removeOperatorGiftImage', { giftId })).status).toBe(403);
    const bad = await editor.operatorPost('removeOperatorGiftImage', { giftId: 'not-an-id' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['giftId']);
    expect(await storedFiles()).toBe(2);

    const removed = await editor.operatorPost('removeOperatorGiftImage', { giftId });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ giftId, image: null });
    expect(await storedFiles()).toBe(0);
    expect(await rows(`select * from gift_images where gift_id = '${giftId}'`)).toEqual([]);
    for (const url of urls) expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await editor.get('listOperatorPointPrograms', { associationId: x })).body.programs[0].gifts[0].image).toBeNull();
    const member = await createMember(ctx.db);
    await ctx.db.execute(sql.raw(`update users set association_id = '${x}' where id = '${member.id}'`));
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, member.password);
    expect((await agent.get('listPointGifts', { pointId: programId })).body.gifts).toEqual([
      expect.objectContaining({ id: giftId, image: null }),
    ]);

    // Removing again answers the same and records nothing more.
    expect((await editor.operatorPost('removeOperatorGiftImage', { giftId })).body).toEqual({ giftId, image: null });
    const audits = await rows<{ detail: { giftId: string; files: string[] } }>(
      `select detail from audit_logs where event = 'operator_gift_image_removed'`,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.detail).toEqual({ giftId, files: expect.arrayContaining(urls.map((url) => /([0-9a-f]{64})/.exec(url)![1])) });

    // A new picture may be set after removal.
    const again = await upload(editor, { giftId, alt: '青いタオル', contentBase64: photo });
    expect(again.status).toBe(200);
    expect(await storedFiles()).toBe(2);
  });

  it('each gift shows its own picture beside others: in the catalogue, the member’s gifts and a redemption’s answer', async () => {
    const picture = (background: string) =>
      sharp({ create: { width: 800, height: 600, channels: 3, background } })
        .png()
        .toBuffer()
        .then((bytes) => bytes.toString('base64'));
    const code = (await editor.operatorPost('addOperatorGift', { programId, name: 'ギフトコード', cost: 10, kind: 'digital_code' })).body
      .id;
    await editor.operatorPost('importOperatorGiftCodes', { giftId: code, csv: 'PICTURE-1' });
    const towel = (await upload(editor, { giftId, alt: 'タオル', contentBase64: await picture('#3a7bd5') })).body.image;
    const card = (await upload(editor, { giftId: code, alt: 'カード', contentBase64: await picture('#d53a7b') })).body.image;
    expect(towel.variants.map((variant: { width: number }) => variant.width)).toEqual([320, 640]);
    expect(card.variants.map((variant: { width: number }) => variant.width)).toEqual([320, 640]);

    const member = await createMember(ctx.db);
    await ctx.db.execute(sql.raw(`update users set association_id = '${x}' where id = '${member.id}'`));
    await grant(ctx.db, member.id, programId, 10);
    const agent = new Agent(ctx.app);
    await agent.signIn(member.email, member.password);
    const catalogue = (await agent.get('listPointGifts', { pointId: programId })).body.gifts as { id: string; image: unknown }[];
    expect(catalogue.find((gift) => gift.id === giftId)?.image).toEqual(towel);
    expect(catalogue.find((gift) => gift.id === code)?.image).toEqual(card);
    const redeemed = await agent.post('redeemGift', { giftId: code });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.userGift.image).toEqual(card);
    expect((await agent.get('listVisibleUserGifts')).body.userGifts).toEqual([expect.objectContaining({ giftId: code, image: card })]);
  });
});
