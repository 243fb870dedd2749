import { createRoot, type Root } from 'react-dom/client';
import { AppError } from '../api/app-error';
import { FatalErrorView } from '../parts/FatalErrorBoundary';
import { SharedProviders } from './area';
import { retireServerScreen } from './server-screen';

let root: Root | null = null;
let container: HTMLElement | null = null;

/**
 * An area that could not be loaded is a transport failure for the member (its bundle did not
 * arrive); one that crashed outside React is a system error.
 */
export function areaFailureError(error: Error): AppError {
  if (/LOADING_SOURCE_CODE|LOAD_ERROR|Unable to resolve|Error loading/i.test(error.message)) {
    return new AppError({ message: error.message, code: 'ERR_NETWORK' });
  }
  return new AppError({ message: error.message, statusCode: 500 });
}

/** Shows the full-screen error page for an area that failed, outside every area's own tree. */
export function showAreaFailure(error: Error): void {
  if (!container) {
    container = document.createElement('div');
    container.id = 'sukoyaka-area-failure';
    document.body.appendChild(container);
  }
  root ??= createRoot(container);
  document.getElementById('sukoyaka-boot')?.remove();
  // An area that never mounted leaves nothing of the server's first screen behind.
  retireServerScreen([]);
  root.render(
    <SharedProviders>
      <FatalErrorView error={areaFailureError(error)} />
    </SharedProviders>,
  );
}

export function hideAreaFailure(): void {
  root?.unmount();
  root = null;
  container?.remove();
  container = null;
}
