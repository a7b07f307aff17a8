import { useId } from "react";

/**
 * An 'i' button with a tooltip that explains a figure (spec 2 s2 results panel). The text is in the page and
 * tied to the button with aria-describedby, and CSS shows it on hover and on keyboard focus, so it works
 * without JavaScript and for screen readers alike.
 */
export function InfoTip({ label, text }: { label: string; text: string }) {
  const id = useId();
  return (
    <span className="info-tip">
      <button type="button" className="info-button" aria-label={`About ${label}`} aria-describedby={id}>
        i
      </button>
      <span role="tooltip" id={id} className="info-text">
        {text}
      </span>
    </span>
  );
}
