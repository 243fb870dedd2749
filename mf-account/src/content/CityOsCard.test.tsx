import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CityOsCard } from './CityOsCard';
import { signedIn } from './test-fixtures';

describe('CityOsCard (home)', () => {
  const bff = setupFakeBff();
  beforeEach(() => signedIn(bff));

  it('asks for a fresh signed link when pressed and goes there', async () => {
    const url = 'http://127.0.0.1:9/opt_in?client_id=c&sig=abc';
    bff.onCall('getCityOSOptInURL', reply({ url, expiresAt: '2026-11-23T00:10:00.000Z' }));
    const go = jest.fn();
    renderWithProviders(<CityOsCard go={go} />);
    expect(bff.callsOf('getCityOSOptInURL')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'City OS と連携する' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(url));
    expect(bff.callsOf('getCityOSOptInURL')[0]!.query).toEqual({ target: 'web' });
  });

  it('says so when the partner is not available', async () => {
    bff.onCall('getCityOSOptInURL', bffError(503, 'service_unavailable', 'City OSとの連携は現在ご利用いただけません。'));
    const go = jest.fn();
    renderWithProviders(<CityOsCard go={go} />);
    await userEvent.click(screen.getByRole('button', { name: 'City OS と連携する' }));
    expect(await screen.findByText('City OSとの連携は現在ご利用いただけません。')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });
});
