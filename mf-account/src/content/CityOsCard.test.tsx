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

  describe('issue 24 #14: the partner’s return is handed back for the nonce check', () => {
    afterEach(() => window.history.replaceState(null, '', '/'));

    it('sends code and state to completeCityOSOptIn, takes them out of the address bar, and says it is done', async () => {
      window.history.replaceState(null, '', '/?code=theCode123&state=theNonce456');
      bff.onCall('completeCityOSOptIn', reply({ completedAt: '2026-11-23T00:05:00.000Z' }));
      renderWithProviders(<CityOsCard go={jest.fn()} />);
      expect(await screen.findByText('City OS との連携が完了しました。')).toBeInTheDocument();
      expect(bff.callsOf('completeCityOSOptIn')).toHaveLength(1);
      expect(bff.callsOf('completeCityOSOptIn')[0]!.body).toEqual({ code: 'theCode123', state: 'theNonce456' });
      expect(window.location.search).toBe('');
    });

    it('shows the refusal of a used or unknown state', async () => {
      window.history.replaceState(null, '', '/?code=theCode123&state=replayed');
      const message =
        'City OSからの戻りを確認できませんでした（リンクの期限切れか、使用済みです）。もう一度「City OS と連携する」からお試しください。';
      bff.onCall('completeCityOSOptIn', bffError(400, 'city_os_state_invalid', message));
      renderWithProviders(<CityOsCard go={jest.fn()} />);
      expect(await screen.findByText(message)).toBeInTheDocument();
    });

    it('calls nothing without a return', async () => {
      renderWithProviders(<CityOsCard go={jest.fn()} />);
      await screen.findByRole('button', { name: 'City OS と連携する' });
      expect(bff.callsOf('completeCityOSOptIn')).toHaveLength(0);
    });
  });
});
