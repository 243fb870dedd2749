import { bffError, createFakeBff, renderWithProviders } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import { AppError } from '../api/app-error';
import { createHttpClient } from '../api/http-client';
import { FatalErrorBoundary } from './FatalErrorBoundary';

function Thrower({ error }: { error: unknown }): never {
  throw error;
}

const INQUIRY = 'お問い合わせの際はこの番号をお伝えください';

describe('the request id on the generic error page (issue 15)', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    // React reports the caught render error on the console; expected here.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('a failed call carries the X-Request-Id of its answer', async () => {
    const client = createHttpClient();
    const bff = createFakeBff();
    bff.install(client);
    bff.on('GET', '/api/bff/ping', {
      ...bffError(500, 'internal', 'システムエラーです'),
      headers: { 'content-type': 'application/json', 'x-request-id': '5f0c2a9e-7d1b-4c1e-9a57-3c2b1d0e4f66' },
    });
    const failure = await client.get('/api/bff/ping').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).requestId).toBe('5f0c2a9e-7d1b-4c1e-9a57-3c2b1d0e4f66');
  });

  it('the error page shows it for an inquiry, and says nothing of it when there is none', () => {
    const withId = new AppError({ message: 'Request failed with status code 500', statusCode: 500, requestId: 'req-0123456789' });
    const { unmount } = renderWithProviders(
      <FatalErrorBoundary>
        <Thrower error={withId} />
      </FatalErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: '500' })).toBeInTheDocument();
    expect(screen.getByText(`${INQUIRY}: req-0123456789`)).toBeInTheDocument();
    unmount();

    renderWithProviders(
      <FatalErrorBoundary>
        <Thrower error={new AppError({ message: 'Network Error', code: 'ERR_NETWORK' })} />
      </FatalErrorBoundary>,
    );
    expect(screen.queryByText(new RegExp(INQUIRY))).not.toBeInTheDocument();
  });
});
