import { renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import type { ParcelConfig } from 'single-spa';
import { HealthReportsPage, MedicalExpenseBillsPage, MedicationHistoriesPage } from './MynaRecordPages';

const member = { userId: 'u1', email: 'taro@example.jp', nickname: 'たろう', association: { id: 'a1', name: 'すこやか健康保険組合' } };

/** A parcel standing in for mf-myna's: it writes which parcel it is into its place. */
function fakeParcel(name: string): ParcelConfig {
  let element: HTMLElement | undefined;
  return {
    name,
    bootstrap: () => Promise.resolve(),
    mount: (props: { domElement?: HTMLElement }) => {
      element = props.domElement;
      if (element) element.textContent = `mounted ${name}`;
      return Promise.resolve();
    },
    unmount: () => {
      if (element) element.textContent = '';
      return Promise.resolve();
    },
  } as unknown as ParcelConfig;
}

describe('the My Number records in the health area (issue 12): frames around mf-myna’s parcels', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', reply(member));
  });

  it.each([
    ['/health_reports', 'MynaMedicalExamsParcel', HealthReportsPage, '健康レポート', '特定健診の結果'],
    ['/medication/histories', 'MynaMedicinesParcel', MedicationHistoriesPage, 'お薬の履歴', '薬剤情報'],
    ['/medical_expenses/bills', 'MynaMedicalBillsParcel', MedicalExpenseBillsPage, '医療費', '医療費通知情報'],
  ])('%s: its title and intro, mf-myna’s %s mounted in place, and the way to the connection', async (_path, parcel, Page, title, intro) => {
    const load = jest.fn((_area: string, name: string) => Promise.resolve(fakeParcel(name)));
    renderWithProviders(<Page load={load} />);

    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(intro))).toBeInTheDocument();
    expect(await screen.findByText(`mounted ${parcel}`)).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('@sukoyaka/myna', parcel);
    expect(screen.getByRole('link', { name: 'マイナポータル連携の設定' })).toHaveAttribute('href', '/myna_connection');
    expect(document.title).toBe(`${title} | すこやか`);
    expect(screen.queryByText(/準備中/)).not.toBeInTheDocument();
  });

  it('an mf-myna that fails to load leaves a retry in its place, the frame standing', async () => {
    const load = jest.fn(() => Promise.reject(new Error('offline')));
    renderWithProviders(<HealthReportsPage load={load} />);
    expect(await screen.findByText('この項目を読み込めませんでした。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'マイナポータル連携の設定' })).toBeInTheDocument();
  });
});
