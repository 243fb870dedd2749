import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { isAppError } from '../api/app-error';
import { logout, logoutAndGoToLogin } from '../auth/logout';
import { useSession } from '../auth/session';
import { classifyFatalError } from '../errors/fatal-errors';
import { fatalErrorStore, useFatalError } from '../errors/fatal-error-store';
import { AccountLockedPage, GenericErrorPage, LeavingPage } from './ErrorPages';

/** Leaves the page the way spec §4 says for an error, and shows what to show meanwhile. */
export function FatalErrorView({ error }: { error: unknown }) {
  const action = classifyFatalError(error);
  const redirectTo = action.kind === 'redirect' ? action.to : null;
  const sessionReady = useSession().isSuccess;
  useEffect(() => {
    if (action.kind === 'accountLocked' && sessionReady) {
      // Once the session is ready the locked account is logged out; a 401 (no session left) is no error.
      logout().catch(() => undefined);
    }
  }, [action.kind, sessionReady]);
  useEffect(() => {
    if (action.kind === 'suspended') {
      // A 401 from that logout also goes to the login page, which explains the suspension.
      const loginPath = '/login?reason=suspended';
      logoutAndGoToLogin(loginPath).catch(() => window.location.assign(loginPath));
    } else if (redirectTo) {
      window.location.assign(redirectTo);
    }
  }, [action.kind, redirectTo]);

  switch (action.kind) {
    case 'accountLocked':
      return <AccountLockedPage />;
    case 'suspended':
    case 'redirect':
      return <LeavingPage />;
    case 'generic': {
      const retriable = action.statusCode === undefined || action.statusCode >= 500;
      return (
        <GenericErrorPage
          heading={action.heading}
          message={action.message}
          homeLink={action.homeLink}
          onRetry={retriable ? () => window.location.reload() : undefined}
          requestId={isAppError(error) ? error.requestId : undefined}
        />
      );
    }
  }
}

interface BoundaryState {
  error: unknown;
}

class RenderErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Fatal error in page', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <FatalErrorView error={this.state.error} />;
    return this.props.children;
  }
}

/**
 * Wraps every page (spec §1): a render error, or a fatal error any call reported, replaces the
 * page with the full-screen error page.
 */
export function FatalErrorBoundary({ children }: { children: ReactNode }) {
  const reported = useFatalError();
  if (reported) return <FatalErrorView error={reported} />;
  return <RenderErrorBoundary>{children}</RenderErrorBoundary>;
}

export { fatalErrorStore };
