import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './Button';
import styles from './Dialog.module.css';
import { focusableWithin } from './focusable';

/** Dialog defaults (000 §9, 001 §9). */
export const DIALOG_CONFIRM_LABEL = 'Okay';
export const DIALOG_CANCEL_LABEL = 'Cancel';

/** Open dialogs, oldest first: Escape closes only the topmost. */
const openDialogs: object[] = [];

export interface DialogProps {
  open: boolean;
  /** Escape, the close button, Cancel and a backdrop click (unless loading) call this, while dismissible. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** While loading the backdrop is ignored and the confirm button shows a spinner (000 §4, 001 §4). */
  loading?: boolean;
  /** Confirm action; without it (and without `formId`) the confirm button just closes. */
  onConfirm?: () => void;
  /**
   * The id of the form in the body that the confirm button submits: it is that form's submit button, so
   * Enter in any of the form's fields submits it too (a form of several fields has no implicit submission
   * without one). Replaces `onConfirm`.
   */
  formId?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmDisabled?: boolean;
  hideCancel?: boolean;
  /** Replaces the default actions; pass null for none. */
  actions?: ReactNode;
  /** Maximum width in px (default 480). */
  width?: number;
  /** A backdrop click closes the dialog (default true; the auth modal turns it off, 000 §2). */
  closeOnBackdrop?: boolean;
  /**
   * Escape, the close button and Cancel close the dialog (default true). False while a request is on its way
   * (not while the pages behind are read again after its answer, which may take long): closed, the dialog would
   * hide the answer, while what was sent goes through all the same (a listing cancelled after 'Keep listing').
   */
  dismissible?: boolean;
  /**
   * Where focus goes on close when the control that opened the dialog is gone (what it did replaced it: 'List
   * for sale' became 'Edit price'); without it, focus would fall to the page's start.
   */
  returnFocus?: () => HTMLElement | null | undefined;
  testId?: string;
}

export function Dialog({
  open,
  onClose,
  title,
  children,
  loading = false,
  onConfirm,
  formId,
  confirmLabel = DIALOG_CONFIRM_LABEL,
  cancelLabel = DIALOG_CANCEL_LABEL,
  confirmDisabled = false,
  hideCancel = false,
  actions,
  width = 480,
  closeOnBackdrop = true,
  dismissible = true,
  returnFocus,
  testId = 'dialog',
}: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const returnFocusRef = useRef(returnFocus);
  returnFocusRef.current = returnFocus;
  const dismissibleRef = useRef(dismissible);
  dismissibleRef.current = dismissible;

  // Focus moves into the dialog on open and back to the opener on close; the page behind stops scrolling.
  useEffect(() => {
    if (!open) return;
    // The page itself is no opener (the control pressed was disabled while busy, and lost the focus): then
    // `returnFocus` says where the keyboard's place is.
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    const panel = panelRef.current;
    if (panel) {
      // A field rendered with autoFocus (the amount of a bid, an offer, a price) takes the cursor: the
      // attribute alone moves no focus in an element added after the page loaded.
      const preferred = panel.querySelector<HTMLElement>('[data-autofocus], [autofocus]');
      (preferred ?? focusableWithin(panel)[0] ?? panel).focus();
    }
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      (opener?.isConnected && !opener.matches(':disabled') ? opener : returnFocusRef.current?.())?.focus();
    };
  }, [open]);

  // Escape closes the topmost dialog; listened in the capture phase so menus behind it stay open.
  useEffect(() => {
    if (!open) return;
    const token = {};
    openDialogs.push(token);
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || openDialogs[openDialogs.length - 1] !== token) return;
      event.preventDefault();
      event.stopPropagation();
      if (dismissibleRef.current) onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      openDialogs.splice(openDialogs.indexOf(token), 1);
    };
  }, [open]);

  if (!open) return null;

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusableWithin(panelRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  };

  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    const onBackdrop = pressStartedOnBackdrop.current && event.target === event.currentTarget;
    pressStartedOnBackdrop.current = false;
    if (onBackdrop && !loading && closeOnBackdrop && dismissible) onClose();
  };

  const defaultActions = (
    <>
      {hideCancel ? null : (
        <Button variant="secondary" onClick={onClose} disabled={!dismissible}>
          {cancelLabel}
        </Button>
      )}
      {formId ? (
        <Button type="submit" form={formId} loading={loading} disabled={confirmDisabled}>
          {confirmLabel}
        </Button>
      ) : (
        <Button onClick={onConfirm ?? onClose} loading={loading} disabled={confirmDisabled}>
          {confirmLabel}
        </Button>
      )}
    </>
  );
  const renderedActions = actions === undefined ? defaultActions : actions;

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is a pointer-only affordance; Escape is the keyboard path.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on the document.
    <div
      className={styles.backdrop}
      onMouseDown={onBackdropMouseDown}
      onClick={onBackdropClick}
      data-testid={`${testId}-backdrop`}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={loading || undefined}
        tabIndex={-1}
        className={styles.panel}
        style={{ maxWidth: width }}
        onKeyDown={trapTab}
        data-testid={testId}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {dismissible ? (
            <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          ) : null}
        </div>
        {children ? <div className={styles.body}>{children}</div> : null}
        {renderedActions ? <div className={styles.actions}>{renderedActions}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
