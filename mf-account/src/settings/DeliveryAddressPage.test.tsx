import { renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeliveryAddressPage } from './DeliveryAddressPage';

/*
 * /profile/address (issue 27): the page is mf-account's, the form mf-incentives' parcel (its own
 * test, mf-incentives/src/DeliveryAddressParcel.test.tsx, mounts it as this page does). Here: the
 * page asks the import map for that parcel, and an area that does not load leaves the page usable.
 */

const member = { userId: 'u1', email: 'hanako@example.jp', nickname: '花子', association: null, birthday: null };

describe('DeliveryAddressPage (/profile/address)', () => {
  const bff = setupFakeBff();
  const system = { import: jest.fn<Promise<Record<string, unknown>>, [string]>() };

  beforeEach(() => {
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', reply(member));
    system.import.mockReset();
    window.System = system;
  });
  afterEach(() => {
    delete window.System;
  });

  it('titles the page, says who sees the address, and loads the form from the incentives area', async () => {
    system.import.mockImplementation(() => new Promise(() => undefined));
    renderWithProviders(<DeliveryAddressPage />);
    expect(await screen.findByRole('heading', { name: 'お届け先住所' })).toBeInTheDocument();
    expect(document.title).toBe('お届け先住所 | すこやか');
    expect(screen.getByText(/発送を担当する健康保険組合の担当者だけが見られます/)).toBeInTheDocument();
    expect(screen.getByText('お届け先住所を読み込んでいます…')).toBeInTheDocument();
    expect(system.import).toHaveBeenCalledWith('@sukoyaka/incentives');
    expect(screen.getByRole('link', { name: '交換したギフトを見る' })).toHaveAttribute('href', '/incentives/user_gifts');
    expect(screen.getByRole('link', { name: 'アカウント設定に戻る' })).toHaveAttribute('href', '/profile');
  });

  it('when the incentives area cannot be loaded, says so in place and tries again on request', async () => {
    system.import.mockRejectedValue(new Error('network'));
    renderWithProviders(<DeliveryAddressPage />);
    expect(await screen.findByText('この項目を読み込めませんでした。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'お届け先住所' })).toBeInTheDocument();
    expect(system.import).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(system.import).toHaveBeenCalledTimes(2);
  });
});
