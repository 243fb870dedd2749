import { AreaParcel, loadIncentiveCalls } from '@sukoyaka/shared';
import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ParcelConfig } from 'single-spa';
import { DeliveryAddressParcel } from './DeliveryAddressParcel';
import { deliveryAddress } from './testing/fixtures';

/*
 * /profile/address (issue 27): mf-account's page mounts this parcel with AreaParcel, so the form is
 * tested here, mounted the same way: loading, no address yet, the fields' Japanese messages, saving,
 * and a failure to load or to save.
 */

jest.mock('@sukoyaka/shared', () => ({
  ...jest.requireActual('@sukoyaka/shared'),
  loadIncentiveCalls: jest.fn(() => Promise.resolve(jest.requireActual('@sukoyaka/contract/incentives').incentiveCalls)),
}));
const loadCalls = loadIncentiveCalls as jest.MockedFunction<typeof loadIncentiveCalls>;

const address = { ...deliveryAddress, building: 'すこやかビル101' };

const bff = setupFakeBff();

function renderPage() {
  const load = jest.fn(async () => DeliveryAddressParcel as ParcelConfig);
  renderWithProviders(
    <AreaParcel area="@sukoyaka/incentives" name="DeliveryAddressParcel" label="お届け先住所を読み込んでいます" load={load} />,
  );
  return load;
}

/** The bff as it keeps one address: what was saved is what is read back (a save reads the lists again). */
function storedAddress(initial: typeof address | null) {
  let stored = initial;
  bff.onCall('getDeliveryAddress', () => reply({ address: stored }));
  bff.onCall('saveDeliveryAddress', (request) => {
    stored = request.body as typeof address;
    return reply({ address: stored });
  });
}

const field = (label: string) => screen.getByLabelText(label, { exact: false });

async function fillIn(values: Partial<typeof address>) {
  for (const [label, value] of [
    ['お名前', values.name],
    ['郵便番号', values.postalCode],
    ['市区町村', values.city],
    ['番地', values.street],
    ['電話番号', values.phone],
  ] as const) {
    if (value === undefined) continue;
    await userEvent.clear(field(label));
    await userEvent.type(field(label), value);
  }
  if (values.prefecture) await userEvent.selectOptions(field('都道府県'), values.prefecture);
}

describe('/profile/address: the delivery address form (issue 27)', () => {
  beforeEach(() => {
    bff.withAuthenticityToken('token-1');
  });

  it('loads the saved address and shows it with a way to change it', async () => {
    bff.onCall('getDeliveryAddress', reply({ address }));
    const load = renderPage();
    expect(screen.getByText('お届け先住所を読み込んでいます…')).toBeInTheDocument();
    expect(await screen.findByText('すこやか 花子 様')).toBeInTheDocument();
    expect(screen.getByText('〒100-0001')).toBeInTheDocument();
    expect(screen.getByText('東京都千代田区千代田1-1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '変更する' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'お届け先住所' })).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('@sukoyaka/incentives', 'DeliveryAddressParcel');
  });

  it('with no address yet shows the empty form, with no way to cancel', async () => {
    bff.onCall('getDeliveryAddress', reply({ address: null }));
    renderPage();
    const form = await screen.findByRole('form', { name: 'お届け先住所' });
    expect(within(form).getByLabelText('お名前', { exact: false })).toHaveValue('');
    expect(within(form).getByLabelText('郵便番号', { exact: false })).toHaveValue('');
    expect(within(form).queryByRole('button', { name: 'やめる' })).not.toBeInTheDocument();
  });

  it('says at each field, in Japanese, what is wrong (郵便番号 of 7 digits, 電話番号), and sends nothing', async () => {
    bff.onCall('getDeliveryAddress', reply({ address: null }));
    renderPage();
    await screen.findByRole('form', { name: 'お届け先住所' });
    await fillIn({ ...address, postalCode: '100-001', phone: '1234' });
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('郵便番号は7桁の数字で入力してください（例: 100-0001）')).toBeInTheDocument();
    expect(screen.getByText('電話番号は市外局番から入力してください（例: 03-1234-5678、090-1234-5678）')).toBeInTheDocument();
    expect(field('郵便番号')).toHaveAccessibleDescription(expect.stringContaining('郵便番号は7桁の数字で入力してください'));
    expect(field('電話番号')).toHaveAccessibleDescription(expect.stringContaining('電話番号は市外局番から入力してください'));
    // An empty required field is named too.
    await userEvent.clear(field('お名前'));
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('お名前を入力してください')).toBeInTheDocument();
    expect(bff.callsOf('saveDeliveryAddress')).toHaveLength(0);
  });

  it('saves the address (full-width digits forgiven) and shows it as saved', async () => {
    storedAddress(null);
    renderPage();
    await screen.findByRole('form', { name: 'お届け先住所' });
    await fillIn({ ...address, postalCode: '１０００００１', phone: '０９０１２３４５６７８' });
    await userEvent.type(field('建物名・部屋番号'), 'すこやかビル101');
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByRole('status')).toHaveTextContent('お届け先住所を保存しました。');
    expect(bff.callsOf('saveDeliveryAddress')).toHaveLength(1);
    expect(bff.callsOf('saveDeliveryAddress')[0]?.body).toEqual(address);
    expect(screen.getByText('〒100-0001')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '変更する' })).toBeInTheDocument();
  });

  it('changes a saved address, and may step back without sending anything', async () => {
    storedAddress(address);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '変更する' }));
    expect(field('郵便番号')).toHaveValue('100-0001');
    await userEvent.click(screen.getByRole('button', { name: 'やめる' }));
    expect(bff.callsOf('saveDeliveryAddress')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '変更する' }));
    await fillIn({ city: '港区', street: '芝公園4-2-8' });
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('東京都港区芝公園4-2-8')).toBeInTheDocument();
    expect(bff.callsOf('saveDeliveryAddress')[0]?.body).toMatchObject({ city: '港区', street: '芝公園4-2-8' });
  });

  it('when the address cannot be loaded, says so and loads again on request', async () => {
    bff.onCall('getDeliveryAddress', bffError(500, 'internal_error', 'システムエラーです'), { times: 1 });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('お届け先住所を読み込めませんでした。');
    bff.onCall('getDeliveryAddress', reply({ address }));
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByText('すこやか 花子 様')).toBeInTheDocument();
  });

  it('when saving fails, shows the bff’s message and keeps what was typed', async () => {
    bff.onCall('getDeliveryAddress', reply({ address: null }));
    bff.onCall('saveDeliveryAddress', bffError(503, 'service_unavailable', 'ただいま混み合っています。しばらくしてからお試しください。'));
    renderPage();
    await screen.findByRole('form', { name: 'お届け先住所' });
    await fillIn(address);
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('ただいま混み合っています。しばらくしてからお試しください。')).toBeInTheDocument();
    expect(field('市区町村')).toHaveValue('千代田区');
    expect(screen.queryByText('お届け先住所を保存しました。')).not.toBeInTheDocument();
  });

  it('issue 27: the address and the form show without the incentives schemas; the form loads them once, at its first touch', async () => {
    storedAddress(address);
    loadCalls.mockClear();
    renderPage();
    expect(await screen.findByText('東京都千代田区千代田1-1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '変更する' }));
    const form = screen.getByRole('form', { name: 'お届け先住所' });
    // The 47 prefectures come from the zod-free terms, with the saved one chosen.
    expect(within(form).getAllByRole('option')).toHaveLength(48);
    expect(field('都道府県')).toHaveValue('東京都');
    expect(loadCalls).not.toHaveBeenCalled();

    await userEvent.click(field('市区町村'));
    expect(loadCalls).toHaveBeenCalledTimes(1);
    await fillIn({ postalCode: '100-001' });
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('郵便番号は7桁の数字で入力してください（例: 100-0001）')).toBeInTheDocument();
    expect(bff.callsOf('saveDeliveryAddress')).toHaveLength(0);
    await fillIn({ postalCode: '105-0011' });
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('〒105-0011')).toBeInTheDocument();
    expect(loadCalls).toHaveBeenCalledTimes(1);
  });
});
