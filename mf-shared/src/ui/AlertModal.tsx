import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { clearAlert, useAlert, type Alert } from './alert-store';
import { Button } from './primitives';

/** Spec §2 and §9: the alert dialog is at most 312 px wide. */
const ALERT_MAX_WIDTH = 312;

// ---------------------------------------------------------------------------------------------
// Modal plumbing shared by the alert and the date picker dialog (not exported from the package).
// ---------------------------------------------------------------------------------------------

/** The dimmed backdrop that centres a dialog; it scrolls when the dialog is taller than the screen. */
export const ModalOverlay = styled.div`
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  left: 0;
  z-index: 1000;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.spacing(1)};
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.scrim};
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { padding: ${theme.spacing(2)}; }`}
`;

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.tabIndex >= 0 && !element.hasAttribute('disabled') && !element.closest('[hidden]'),
  );
}

/** Keeps Tab and Shift+Tab inside a modal dialog. */
function keepTabInside(event: KeyboardEvent<HTMLElement>, container: HTMLElement | null): void {
  if (event.key !== 'Tab' || !container) return;
  const focusable = focusableIn(container);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog's keys (call from its onKeyDown): Escape closes it, and is not seen by what is
 * behind it; Tab and Shift+Tab stay inside `container`.
 */
export function modalKeys(event: KeyboardEvent<HTMLElement>, container: HTMLElement | null, onEscape: () => void): void {
  if (event.key === 'Escape') {
    event.stopPropagation();
    onEscape();
    return;
  }
  keepTabInside(event, container);
}

/** A press on the backdrop itself must not take focus out of the dialog. */
export function keepFocusOnBackdropPress(event: MouseEvent<HTMLElement>): void {
  if (event.target === event.currentTarget) event.preventDefault();
}

let scrollLocks = 0;
let overflowBeforeLock = '';

/** While a modal is open the page behind it does not scroll (nested modals count). */
export function useBodyScrollLock(): void {
  useEffect(() => {
    if (scrollLocks === 0) {
      overflowBeforeLock = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    scrollLocks += 1;
    return () => {
      scrollLocks -= 1;
      if (scrollLocks === 0) document.body.style.overflow = overflowBeforeLock;
    };
  }, []);
}

/** Where focus was before a dialog opened; focus goes back there when it closes, if it still can. */
function useReturnFocus(): void {
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (opener && opener.isConnected && opener !== document.body) opener.focus();
    };
  }, []);
}

// ---------------------------------------------------------------------------------------------
// The alert modal
// ---------------------------------------------------------------------------------------------

const AlertPanel = styled.div`
  width: 100%;
  max-width: ${ALERT_MAX_WIDTH}px;
  margin: auto;
  padding: ${({ theme }) => theme.spacing(3)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.elevation.overlay};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const AlertTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  line-height: 1.5;
`;

const AlertMessage = styled.p`
  margin: 0;
  white-space: pre-wrap; /* messages may carry their own line breaks */
`;

const AlertActions = styled.div`
  display: flex;
  justify-content: flex-end;
  & > button:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

function AlertDialog({ alert }: { alert: Alert }) {
  const titleId = useId();
  const messageId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useReturnFocus();
  useBodyScrollLock();
  useLayoutEffect(() => {
    panelRef.current?.querySelector<HTMLButtonElement>('[data-alert-ok]')?.focus();
  }, [alert]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => modalKeys(event, panelRef.current, clearAlert);

  return createPortal(
    <ModalOverlay onMouseDown={keepFocusOnBackdropPress}>
      <AlertPanel
        ref={panelRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        onKeyDown={onKeyDown}
      >
        <AlertTitle id={titleId}>{alert.title}</AlertTitle>
        <AlertMessage id={messageId}>{alert.message}</AlertMessage>
        <AlertActions>
          <Button data-alert-ok="" onClick={clearAlert} style={{ minWidth: 96 }}>
            OK
          </Button>
        </AlertActions>
      </AlertPanel>
    </ModalOverlay>,
    document.body,
  );
}

/**
 * Spec §2 "Alert modal": a title, a message and an OK button that dismisses it; open while an
 * alert is set (showAlert), closed once OK (or Escape) clears it; at most 312 px wide.
 * Render it once per page — AreaRoot does — since only one area is on screen at a time.
 */
export function AlertModal() {
  const alert = useAlert();
  if (!alert) return null;
  return <AlertDialog alert={alert} />;
}
