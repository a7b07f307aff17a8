import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { action } from "../routes/_app.contact";
import { Field, FormError } from "./ui/fields";
import { Modal } from "./ui/modal";
import { withParam } from "./ui/url-flag";

/** `path` (a same-origin path with its query) with `?contact=` set, the page's other params kept. */
export function withContactFlag(path: string, value: string): string {
  const [pathname, search = ""] = path.split("?", 2);
  return `${pathname}${withParam(search, "contact", value)}`;
}

/**
 * Contact modal (spec 1 s2, s4): idle, sending (button disabled), sent or error; editing clears the error.
 * Without JavaScript it is opened by `?contact=1`, posts to /contact and comes back with `?contact=sent`
 * (a failed send shows the /contact page with the error and the message as typed, `returnTo` kept);
 * its × is then a link to `closeHref`. `returnTo` is the page's path and query without the flag. With JavaScript, ×, Escape and a click outside call `onClose`.
 */
export function ContactModal({
  returnTo,
  closeHref,
  initiallySent,
  onClose,
}: {
  returnTo: string;
  closeHref: string;
  initiallySent: boolean;
  onClose: () => void;
}) {
  const fetcher = useFetcher<typeof action>();
  const [sent, setSent] = useState(initiallySent);
  const [error, setError] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.sent) setSent(true);
    else setError(fetcher.data.error);
  }, [fetcher.state, fetcher.data]);
  const sending = fetcher.state !== "idle";

  return (
    <Modal open title="Send a Message" closeHref={closeHref} onClose={onClose} closeOnOutsideClick>
      {sent ? (
        <>
          <p className="form-success" role="status">
            Message sent!
          </p>
          <Link
            to={withContactFlag(returnTo, "1")}
            className="button link"
            onClick={(e) => {
              e.preventDefault();
              setSent(false);
              setError(null);
            }}
          >
            Send another message
          </Link>
        </>
      ) : (
        <fetcher.Form method="post" action="/contact" onChange={() => setError(null)}>
          <p className="muted">Have a question or feedback? Help us make the product better!</p>
          <input type="hidden" name="returnTo" value={returnTo} />
          {hydrated ? <input type="hidden" name="js" value="1" /> : null}
          <FormError>{error}</FormError>
          <ContactMessageField id="contact-message" autoFocus />
          <div className="modal-actions">
            <button type="submit" className="button primary" disabled={sending}>
              {sending ? "Sending..." : "Send"}
            </button>
          </div>
        </fetcher.Form>
      )}
    </Modal>
  );
}

/**
 * The contact message (5000 characters at most, as the contact schema of worker/forms allows), shared by this modal and
 * the no-JavaScript /contact page. The placeholder says what it is on screen, the hidden label to screen readers.
 */
export function ContactMessageField(props: { id: string; defaultValue?: string; autoFocus?: boolean }) {
  return (
    <Field id={props.id} label="Message" hideLabel>
      <textarea
        id={props.id}
        name="message"
        placeholder="Your message..."
        required
        maxLength={5000}
        defaultValue={props.defaultValue}
        data-autofocus={props.autoFocus ? true : undefined}
      />
    </Field>
  );
}
