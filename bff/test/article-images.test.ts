import { IMAGE_MAX_BYTES } from '@sukoyaka/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { users } from '../src/db/schema';
import { imageKindOf } from '../src/platform/images';
import { createMember, MINUTE, signInAgent, signedInOperator, testContextForFile, type Agent } from './helpers';

/*
 * Issue 29, an article's hero image: an operator of the article's association uploads it with
 * Japanese alternative text (audited); the bytes are checked and re-encoded as gift pictures are
 * (platform/images.ts), stored in article_image_files and served as WebP under their hash, cached a
 * year; members see it on the list and the article; removing it deletes the files.
 */

const ctx = testContextForFile();

let associationId: string;
let agent: Agent;
let editor: Agent;
let viewer: Agent;
let stranger: Agent;
let articleId: string;
let otherAssociationId: string;

const rows = async <T>(text: string) => ((await ctx.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const storedFiles = async () =>
  (await rows<{ n: number }>(`select count(*)::int as n from article_image_files where article_id = '${articleId}'`))[0]!.n;
const audited = async (event: string) =>
  (await rows<{ n: number }>(`select count(*)::int as n from audit_logs where event = 'operator_${event}'`))[0]!.n;

/** A photo as a phone takes it: 1600 × 900 JPEG with EXIF, GPS among it. */
const photo = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SukoyakaPhone', Model: 'Test 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '139/1 46/1 0/1' },
    })
    .toBuffer();

const ALT = '野菜たっぷりの朝ごはん';
const upload = (operator: Agent, body: Record<string, unknown>) =>
  operator.operatorPost('setOperatorArticleImage', { associationId, articleId, ...body });

beforeAll(async () => {
  const member = await createMember(ctx.db);
  associationId = member.associationId;
  agent = await signInAgent(ctx, member);
  const other = await createMember(ctx.db);
  ({ agent: editor } = await signedInOperator(ctx, [{ associationId, role: 'editor' }]));
  ({ agent: viewer } = await signedInOperator(ctx, [{ associationId, role: 'viewer' }]));
  otherAssociationId = other.associationId;
  ({ agent: stranger } = await signedInOperator(ctx, [{ associationId: otherAssociationId, role: 'editor' }]));
  const created = await editor.operatorPost('createOperatorArticle', {
    associationId,
    publish: true,
    title: '朝ごはんで整える血糖値',
    category: 'blood_sugar',
    body: '朝ごはんを食べましょう。',
    publishFrom: new Date(ctx.clock.now().getTime() - MINUTE).toISOString(),
  });
  expect(created.status).toBe(200);
  expect(created.body.heroImage).toBeNull();
  articleId = created.body.id;
  await ctx.db.update(users).set({ associationId }).where(eq(users.id, member.id));
});

describe('uploading an article’s hero image (issue 29)', () => {
  it('refuses what is not JPEG, PNG or WebP by its bytes (a forged signature too), storing nothing', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a picture')]);
    for (const bytes of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      Buffer.from('<!doctype html>'),
      fake,
    ]) {
      const answer = await upload(editor, { alt: ALT, contentBase64: bytes.toString('base64') });
      expect(answer.status).toBe(400);
      expect(answer.body.fields.contentBase64[0]).toMatch(/JPEG・PNG・WebPの画像を選んでください|読み取れませんでした/);
    }
    expect(await storedFiles()).toBe(0);
  });

  it('refuses over 5 MB, and a missing, blank, too long or non-Japanese alt, naming the field', async () => {
    const big = Buffer.concat([await photo(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const oversize = await upload(editor, { alt: ALT, contentBase64: big.toString('base64') });
    expect(oversize.status).toBe(400);
    expect(oversize.body.fields.contentBase64).toEqual(['画像は5MB以内にしてください']);
    const contentBase64 = (await photo()).toString('base64');
    const cases: [unknown, string][] = [
      [undefined, '代替テキストを入力してください'],
      ['   ', '代替テキストを入力してください'],
      ['あ'.repeat(101), '代替テキストは100文字以内で入力してください'],
      ['breakfast', '代替テキストは日本語で入力してください'],
    ];
    for (const [alt, message] of cases) {
      const answer = await upload(editor, { alt, contentBase64 });
      expect(answer.status).toBe(400);
      expect(answer.body.fields.alt).toEqual([message]);
    }
    expect(await storedFiles()).toBe(0);
  });

  it('another association’s editor gets 404, a viewer 403; nothing is stored', async () => {
    const contentBase64 = (await photo()).toString('base64');
    expect((await upload(stranger, { alt: ALT, contentBase64 })).status).toBe(403);
    const crossed = await stranger.operatorPost('setOperatorArticleImage', {
      associationId: otherAssociationId,
      articleId,
      alt: ALT,
      contentBase64,
    });
    expect(crossed.status).toBe(404);
    expect((await upload(viewer, { alt: ALT, contentBase64 })).status).toBe(403);
    expect((await stranger.operatorPost('removeOperatorArticleImage', { associationId, articleId })).status).toBe(403);
    expect(await storedFiles()).toBe(0);
  });

  it('stores 320, 640 and 1280 px WebP without EXIF, served as image/webp cached a year; members see it; audited', async () => {
    const answer = await upload(editor, { alt: ALT, contentBase64: (await photo()).toString('base64') });
    expect(answer.status).toBe(200);
    const image = answer.body.heroImage;
    expect(image).toMatchObject({ alt: ALT, width: 1280, height: 720 });
    expect(image.variants.map((variant: { width: number }) => variant.width)).toEqual([320, 640, 1280]);
    for (const variant of image.variants as { url: string; width: number }[]) {
      expect(variant.url).toMatch(/^\/media\/article-images\/[0-9a-f]{64}\.webp$/);
      const served = await ctx.app.inject({ method: 'GET', url: variant.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(imageKindOf(served.rawPayload)).toBe('webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: variant.width });
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('SukoyakaPhone'))).toBe(false);
    }
    const missing = await ctx.app.inject({ method: 'GET', url: `/media/article-images/${'0'.repeat(64)}.webp` });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/plain/);

    const listed = await agent.get('listArticles', {});
    expect(listed.body.items).toEqual([expect.objectContaining({ id: articleId, heroImage: image })]);
    expect((await agent.get('getArticle', { articleId })).body.heroImage).toEqual(image);
    await agent.post('saveArticle', { articleId, saved: true });
    expect((await agent.get('listSavedArticles', {})).body.items[0].heroImage).toEqual(image);
    const operatorList = await viewer.get('listOperatorArticles', { associationId });
    expect(operatorList.body.items[0].heroImage).toEqual(image);
    expect(await audited('article_image_set')).toBe(1);
  });

  it('a new picture replaces the old files; removal deletes them (404), answers null, audited once', async () => {
    const narrow = await sharp({ create: { width: 500, height: 250, channels: 3, background: '#e3f3ec' } })
      .png()
      .toBuffer();
    const replaced = await upload(editor, { alt: '緑の背景', contentBase64: narrow.toString('base64') });
    expect(replaced.body.heroImage).toMatchObject({ alt: '緑の背景', width: 500, height: 250 });
    expect(replaced.body.heroImage.variants.map((variant: { width: number }) => variant.width)).toEqual([320, 500]);
    expect(await storedFiles()).toBe(2);
    const urls = (replaced.body.heroImage.variants as { url: string }[]).map((variant) => variant.url);

    const removed = await editor.operatorPost('removeOperatorArticleImage', { associationId, articleId });
    expect(removed.status).toBe(200);
    expect(removed.body.heroImage).toBeNull();
    expect(await storedFiles()).toBe(0);
    for (const url of urls) expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await agent.get('getArticle', { articleId })).body.heroImage).toBeNull();
    // Again: the same answer, nothing more recorded.
    expect((await editor.operatorPost('removeOperatorArticleImage', { associationId, articleId })).status).toBe(200);
    expect(await audited('article_image_removed')).toBe(1);
  });
});
