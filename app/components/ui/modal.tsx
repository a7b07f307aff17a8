import { Link, useNavigate } from "@remix-run/react";
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
} from "react";
import { useEscape } from "../../utils/use-escape";

export interface ModalProps {
  /** Rendered only while open; open it from a URL flag (`useUrlFlag`) or from state. */
  open: boolean;
  title: ReactNode;
  /** Where closing goes without JavaScript (and with it, unless `onClose` is given): the page minus the flag. */
  closeHref: string;
  /** State-driven modals close here instead of navigating. */
  onClose?: () => void;
  /** Hide the × icon when the body has its own Cancel. */
  hideClose?: boolean;
  /** Close on a click on the backdrop outside the dialog too (with JavaScript). */
  closeOnOutsideClick?: boolean;
  children: ReactNode;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * Dialog shell (role=dialog, aria-modal, aria-labelledby). With JavaScript: focus moves in (to the element
 * marked `data-autofocus`, else the dialog) and back to the opener on close, Tab stays inside, Escape closes.
 * Without it: the page is rendered with the dialog open and every way out is a link.
 */
export function Modal({
  open,
  title,
  closeHref,
  onClose,
  hideClose = false,
  closeOnOutsideClick = false,
  children,
  className,
}: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  const close = useCallback(() => {
    if (onClose) onClose();
    else navigate(closeHref, { preventScrollReset: true, replace: true });
  }, [onClose, navigate, closeHref]);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = dialog.current;
    const first = root?.querySelector<HTMLElement>("[data-autofocus]") ?? root;
    first?.focus();
    return () => {
      // The opener may have gone (a deleted row); then focus falls to the body, as the browser would do.
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  // A press that starts inside the dialog (selecting text) and ends on the backdrop is not an outside click.
  const pressedOutside = useRef(false);

  if (!open) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer convenience only; Escape and the × close for keyboards
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape (useEscape) is the keyboard way out
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        pressedOutside.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        if (closeOnOutsideClick && pressedOutside.current && e.target === e.currentTarget) close();
      }}
    >
      <OpenModal
        dialog={dialog}
        titleId={titleId}
        title={title}
        closeHref={closeHref}
        close={close}
        onClose={onClose}
        hideClose={hideClose}
        className={className}
      >
        {children}
      </OpenModal>
    </div>
  );
}

interface OpenModalProps {
  dialog: React.RefObject<HTMLDivElement>;
  titleId: string;
  title: ReactNode;
  closeHref: string;
  close: () => void;
  onClose?: () => void;
  hideClose: boolean;
  className?: string;
  children: ReactNode;
}

// Split out so useEscape only listens while the dialog is actually on screen.
function OpenModal({
  dialog,
  titleId,
  title,
  closeHref,
  close,
  onClose,
  hideClose,
  className,
  children,
}: OpenModalProps) {
  useEscape(close);

  function trapTab(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== "Tab" || !dialog.current) return;
    const items = focusables(dialog.current);
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && (document.activeElement === first || document.activeElement === dialog.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  function onCloseClick(e: MouseEvent<HTMLAnchorElement>) {
    if (!onClose) return;
    e.preventDefault();
    onClose();
  }

  return (
    <div
      ref={dialog}
      className={className ? `modal ${className}` : "modal"}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={trapTab}
    >
      {hideClose ? null : (
        <Link
          to={closeHref}
          className="close"
          aria-label="Close"
          replace
          preventScrollReset
          onClick={onCloseClick}
        >
          ×
        </Link>
      )}
      <h2 id={titleId}>{title}</h2>
      {children}
    </div>
  );
}
