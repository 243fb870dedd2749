import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { useOneTimeParams } from './one-time-params';

function TokenPage({ removeAll = false }: { removeAll?: boolean }) {
  const { token } = useOneTimeParams(['token'], { removeAll });
  const [clicks, setClicks] = useState(0);
  return (
    <div>
      <p>token: {token ?? 'none'}</p>
      <button onClick={() => setClicks(clicks + 1)}>again {clicks}</button>
    </div>
  );
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('issue 24 #5: useOneTimeParams reads a one-time parameter once and takes it out of the address bar', () => {
  it('keeps the value for the page across re-renders, removes only it, keeps the rest, makes no history entry', async () => {
    window.history.replaceState({ kept: true }, '', '/password_reset/change?token=secret-1&return_to=%2Fvitals#form');
    const entries = window.history.length;
    render(
      <StrictMode>
        <TokenPage />
      </StrictMode>,
    );
    expect(screen.getByText('token: secret-1')).toBeInTheDocument();
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/password_reset/change?return_to=%2Fvitals#form',
    );
    expect(window.history.length).toBe(entries);
    expect(window.history.state).toEqual({ kept: true });
    // Re-rendering after the address was cleaned still has it.
    await userEvent.click(screen.getByRole('button', { name: 'again 0' }));
    await userEvent.click(screen.getByRole('button', { name: 'again 1' }));
    expect(screen.getByText('token: secret-1')).toBeInTheDocument();
    expect(window.location.href).not.toContain('secret-1');
  });

  it('removeAll clears the whole query (an OAuth return)', () => {
    window.history.replaceState(null, '', '/myna_connection/callback?token=t&code=c&state=s&iss=x');
    render(<TokenPage removeAll />);
    expect(window.location.pathname + window.location.search).toBe('/myna_connection/callback');
  });

  it('without the parameter: null, and the address is left alone', () => {
    window.history.replaceState(null, '', '/unlock?return_to=%2F');
    render(<TokenPage />);
    expect(screen.getByText('token: none')).toBeInTheDocument();
    expect(window.location.search).toBe('?return_to=%2F');
  });
});
