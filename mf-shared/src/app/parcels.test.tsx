import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ParcelConfig } from 'single-spa';
import { renderWithProviders as render } from '../testing/render';
import { AreaParcel, createParcel, importParcel } from './parcels';

// DESIGN.md: cross-area widgets are parcels of the owning area; each loads on its own (issue 11, 14).

function Balance() {
  return <p>コイン 1,250</p>;
}

function Broken(): never {
  throw new Error('widget failed');
}

describe('AreaParcel', () => {
  it('shows a skeleton while the area loads, then mounts its parcel in place', async () => {
    let resolve: (config: ParcelConfig) => void = () => undefined;
    const load = jest.fn(() => new Promise<ParcelConfig>((done) => (resolve = done)));
    render(
      <AreaParcel area="@sukoyaka/incentives" name="IncentivesBalanceParcel" label="コイン・ポイントを読み込んでいます" load={load} />,
    );
    expect(screen.getByText('コイン・ポイントを読み込んでいます…')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('@sukoyaka/incentives', 'IncentivesBalanceParcel');
    resolve(createParcel(Balance));
    expect(await screen.findByText('コイン 1,250')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('コイン・ポイントを読み込んでいます…')).not.toBeInTheDocument());
  });

  it('keeps the server’s markup of the parcel in its place instead of a skeleton until the parcel mounts (issue 28)', async () => {
    // The page as the bff sent it: the parcel's markup in the area's container, before the area mounts.
    const server = document.createElement('div');
    server.innerHTML =
      '<div data-sukoyaka-parcel="@sukoyaka/incentives IncentivesBalanceParcel"><style>.x{color:red}</style><p class="x">コイン 1,200（サーバー）</p></div>';
    document.body.append(server);
    let resolve: (config: ParcelConfig) => void = () => undefined;
    const load = jest.fn(() => new Promise<ParcelConfig>((done) => (resolve = done)));
    render(
      <AreaParcel area="@sukoyaka/incentives" name="IncentivesBalanceParcel" label="コイン・ポイントを読み込んでいます" load={load} />,
    );
    server.remove();
    expect(screen.getByText('コイン 1,200（サーバー）')).toBeInTheDocument();
    expect(screen.queryByText('コイン・ポイントを読み込んでいます…')).not.toBeInTheDocument();
    resolve(createParcel(Balance));
    expect(await screen.findByText('コイン 1,250')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('コイン 1,200（サーバー）')).not.toBeInTheDocument());
    // The parcel mounted out of sight and shows as the server's markup goes.
    expect(screen.getByText('コイン 1,250')).toBeVisible();
  });

  it('keeps a failed area to its own place, with a retry that loads it again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(createParcel(Balance));
    render(
      <>
        <h1>ホーム</h1>
        <AreaParcel area="@sukoyaka/incentives" name="IncentivesBalanceParcel" label="読み込み中" load={load} />
      </>,
    );
    expect(await screen.findByText('この項目を読み込めませんでした。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ホーム' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByText('コイン 1,250')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows a notice in place of a widget that throws', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(<AreaParcel area="@sukoyaka/health" name="VitalsTodayParcel" label="読み込み中" load={async () => createParcel(Broken)} />);
      expect(await screen.findByText('この項目を表示できませんでした。')).toBeInTheDocument();
    } finally {
      spy.mockRestore();
    }
  });

  it('unmounts its parcel when the page goes', async () => {
    const { unmount } = render(
      <AreaParcel area="@sukoyaka/incentives" name="P" label="読み込み中" load={async () => createParcel(Balance)} />,
    );
    expect(await screen.findByText('コイン 1,250')).toBeInTheDocument();
    unmount();
    await waitFor(() => expect(screen.queryByText('コイン 1,250')).not.toBeInTheDocument());
  });
});

describe('importParcel', () => {
  afterEach(() => {
    delete window.System;
  });

  it('takes the named export of the area module through SystemJS', async () => {
    const parcel = createParcel(Balance);
    window.System = { import: jest.fn(async () => ({ IncentivesBalanceParcel: parcel })) };
    await expect(importParcel('@sukoyaka/incentives', 'IncentivesBalanceParcel')).resolves.toBe(parcel);
    expect(window.System.import).toHaveBeenCalledWith('@sukoyaka/incentives');
  });

  it('refuses a module without that parcel, and a page without SystemJS', async () => {
    await expect(importParcel('@sukoyaka/incentives', 'IncentivesBalanceParcel')).rejects.toThrow('SystemJS is not loaded');
    window.System = { import: async () => ({}) };
    await expect(importParcel('@sukoyaka/incentives', 'IncentivesBalanceParcel')).rejects.toThrow('exports no parcel');
  });
});
