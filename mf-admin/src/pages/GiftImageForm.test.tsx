import type { OperatorProgram } from '@sukoyaka/contract';
import { bffError, reply } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, setupAdminBff, signedIn } from '../testing/render';

const bff = setupAdminBff();
const GIFT_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const image = {
  alt: '緑のしま模様のタオル',
  width: 640,
  height: 480,
  variants: [{ url: `/media/gift-images/${'a'.repeat(64)}.webp`, width: 320 }],
};
const program: OperatorProgram = {
  id: '2d8c4b6a-7c0f-4e3a-9b5c-3f4a5b6c7d8e',
  name: 'すこやかポイント',
  description: '',
  expiryMonths: 36,
  requiresConsent: false,
  menus: [],
  gifts: [{ id: GIFT_ID, name: 'オリジナルタオル', cost: 800, kind: 'delivery', stock: 20, codesAvailable: null, image: null }],
};

describe('a gift’s picture at /admin/points (issue 27)', () => {
  it('shows the placeholder, refuses a file that is not a picture or is over 5 MB before sending, and sends the picture with its alt text', async () => {
    signedIn(bff);
    bff.onCall('listOperatorPointPrograms', reply({ programs: [program] }), { times: 1 });
    renderAt('/admin/points');
    expect(await screen.findByText('画像は未設定です。')).toBeInTheDocument();
    await userEvent.click(screen.getByText('「オリジナルタオル」の画像を設定する'));
    const input = screen.getByLabelText('画像（JPEG・PNG・WebP、5MBまで）');

    await userEvent.upload(input, new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await screen.findByText('JPEG・PNG・WebPの画像を選んでください')).toBeInTheDocument();
    await userEvent.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('画像は5MB以内にしてください')).toBeInTheDocument();

    // Without alt text nothing is sent: the field says what is missing.
    await userEvent.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'towel.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: '画像を保存する' }));
    expect(await screen.findByText('代替テキストを入力してください')).toBeInTheDocument();

    bff.onCall('setOperatorGiftImage', (request) => {
      expect(request.body).toEqual({ giftId: GIFT_ID, alt: '緑のしま模様のタオル', contentBase64: 'iVBORw==' });
      bff.onCall('listOperatorPointPrograms', reply({ programs: [{ ...program, gifts: [{ ...program.gifts[0]!, image }] }] }));
      return reply({ giftId: GIFT_ID, image });
    });
    await userEvent.type(screen.getByLabelText('代替テキスト（画像の内容を短く）'), '緑のしま模様のタオル');
    await userEvent.click(screen.getByRole('button', { name: '画像を保存する' }));
    expect(await screen.findByRole('img', { name: '緑のしま模様のタオル' })).toBeInTheDocument();
    expect(screen.getByText('代替テキスト: 緑のしま模様のタオル')).toBeInTheDocument();
  });

  it('removes a picture after a confirmation: the call names the gift, the placeholder comes back; a failure says why', async () => {
    signedIn(bff);
    const pictured = { ...program, gifts: [{ ...program.gifts[0]!, image }] };
    bff.onCall('listOperatorPointPrograms', reply({ programs: [pictured] }), { times: 1 });
    renderAt('/admin/points');
    expect(await screen.findByRole('img', { name: '緑のしま模様のタオル' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('「オリジナルタオル」の画像を変更する'));
    await userEvent.click(screen.getByRole('button', { name: '画像を削除する' }));
    const confirm = screen.getByRole('group', { name: '「オリジナルタオル」の画像の削除' });
    expect(confirm).toHaveTextContent('代わりの絵が表示されます');
    // Stepping back sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'やめる' }));
    expect(bff.callsOf('removeOperatorGiftImage')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: '画像を削除する' }));
    bff.onCall('removeOperatorGiftImage', bffError(500, 'internal_error', 'ただいま処理できません。'), { times: 1 });
    await userEvent.click(screen.getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('ただいま処理できません。')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '緑のしま模様のタオル' })).toBeInTheDocument();

    bff.onCall('removeOperatorGiftImage', (request) => {
      expect(request.body).toEqual({ giftId: GIFT_ID });
      bff.onCall('listOperatorPointPrograms', reply({ programs: [program] }));
      return reply({ giftId: GIFT_ID, image: null });
    });
    await userEvent.click(screen.getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('画像は未設定です。')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '緑のしま模様のタオル' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('画像を削除しました。');
    expect(screen.queryByRole('button', { name: '画像を削除する' })).not.toBeInTheDocument();
    expect(bff.callsOf('removeOperatorGiftImage')).toHaveLength(2);
  });
});
