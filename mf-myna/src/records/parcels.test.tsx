import { renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { AreaParcel } from '@sukoyaka/shared';
import { screen } from '@testing-library/react';
import type { ParcelConfig } from 'single-spa';
import { connection, dispensing, signedIn } from '../testing/fixtures';
import { MynaMedicalBillsParcel, MynaMedicalExamsParcel, MynaMedicinesParcel } from './parcels';

describe('the records as parcels (for mf-health’s pages)', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    signedIn(bff);
    bff.onCall(
      'getMynaConnectionState',
      reply(
        connection({
          secretQuestion: { registered: true, lockedUntil: null, authenticatedUntil: new Date(Date.now() + 600_000).toISOString() },
        }),
      ),
    );
  });

  it('each export is a single-spa parcel', () => {
    for (const parcel of [MynaMedicalExamsParcel, MynaMedicinesParcel, MynaMedicalBillsParcel]) {
      expect(typeof parcel.mount).toBe('function');
      expect(typeof parcel.unmount).toBe('function');
    }
  });

  it('mounted as mf-health mounts it (AreaParcel), the medicines parcel loads its view and shows the records', async () => {
    bff.onCall('listMynaMedicines', reply({ dispensings: [dispensing()], nextCursor: null }));
    const load = jest.fn(async () => MynaMedicinesParcel as ParcelConfig);
    renderWithProviders(<AreaParcel area="@sukoyaka/myna" name="MynaMedicinesParcel" label="お薬の履歴を読み込んでいます" load={load} />);
    expect(await screen.findByText('アムロジピン錠5mg「サワイ」')).toBeInTheDocument();
    expect(screen.getByText('一般名：アムロジピンベシル酸塩')).toBeInTheDocument();
  });
});
