import { Form, Link, useNavigation } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { FormError } from "./fields";
import { Modal } from "./modal";

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. 'Are you sure you want to delete this strategy?'. */
  title: string;
  /** A second line, e.g. 'This action can not be undone'. */
  description?: ReactNode;
  cancelLabel?: string;
  confirmLabel?: string;
  /** Cancel, × and Escape: the page without the flag. */
  cancelHref: string;
  /** With JavaScript, cancel through state instead of navigating. */
  onCancel?: () => void;
  /** Form action; omitted, it posts to the current URL (flag included), whose action should redirect. */
  action?: string;
  /** Hidden inputs the action needs, e.g. { intent: "delete", id: "12" }. */
  fields?: Record<string, string>;
  /** Confirm styled as destructive (default) or primary. */
  tone?: "danger" | "primary";
  /** An error from the action, shown in the dialog. */
  error?: string | null;
}

/**
 * Confirmation with a form that POSTs (spec 2 s2 delete strategy / backtest, spec 3 s2 cancel subscription,
 * remove card). Works without JavaScript: opened by a URL flag, Cancel is a link back, Confirm submits.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  cancelLabel = "Cancel",
  confirmLabel = "Confirm",
  cancelHref,
  onCancel,
  action,
  fields = {},
  tone = "danger",
  error,
}: ConfirmDialogProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";

  function cancel(e: MouseEvent<HTMLAnchorElement>) {
    if (!onCancel) return;
    e.preventDefault();
    onCancel();
  }

  return (
    <Modal open={open} title={title} closeHref={cancelHref} onClose={onCancel} className="confirm-dialog">
      <Form method="post" action={action} preventScrollReset>
        {description ? <p className="muted">{description}</p> : null}
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FormError>{error}</FormError>
        <div className="modal-actions">
          {/* Focus lands on Cancel: the safe choice for a destructive question. */}
          <Link to={cancelHref} className="button" replace preventScrollReset onClick={cancel} data-autofocus>
            {cancelLabel}
          </Link>
          <button type="submit" className={`button ${tone}`} disabled={submitting}>
            {confirmLabel}
          </button>
        </div>
      </Form>
    </Modal>
  );
}
