import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  dayField,
  KEEP,
  LEVELS,
  type LevelKey,
  SIZING_TYPES,
  type TradeRulesFormData,
  WEEKDAYS,
} from "../../utils/trade-rules-form";
import { Field, FormError } from "../ui/fields";

/**
 * The trade rules form (issue 14): the spec's v2 exits, pending entry, entry limits and sizing. A plain
 * POST of every field, validated on the server by the spec's schema, each message under its field, so it
 * works without JavaScript; with it, Remix submits it in place.
 */
export function TradeRulesForm({
  form,
  version,
  message,
  saved,
}: {
  form: TradeRulesFormData;
  version: number;
  message: string | null;
  saved: string | null;
}) {
  const { values, errors } = form;
  const busy = useNavigation().state === "submitting";
  const value = (name: string) => values[name] ?? "";
  const checked = (name: string) => values[name] === "on";
  const err = (name: string) => errors[name];
  const aria = (id: string, name: string) =>
    err(name) ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};

  const field = (name: string, label: string, input: ReactNode) => (
    <Field key={name} id={idOf(name)} label={label} error={err(name)} announce>
      {input}
    </Field>
  );
  // A text box of the form: numbers (decimal keyboard, their step for the stepper script) and clocks.
  const text = (name: string, label: string, extra: Record<string, string>) =>
    field(
      name,
      label,
      <input
        id={idOf(name)}
        name={name}
        type="text"
        {...extra}
        defaultValue={value(name)}
        {...aria(idOf(name), name)}
      />,
    );
  const number = (name: string, label: string, step = "any") =>
    text(name, label, { inputMode: "decimal", "data-step": step });
  const clock = (name: string, label: string) => text(name, label, { placeholder: "HH:MM" });
  const select = (name: string, label: string, options: readonly { value: string; label: string }[]) =>
    field(
      name,
      label,
      <select id={idOf(name)} name={name} defaultValue={value(name)} {...aria(idOf(name), name)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>,
    );
  const box = (name: string, label: string) => (
    <label key={name} className="checkbox" htmlFor={idOf(name)}>
      <input id={idOf(name)} name={name} type="checkbox" defaultChecked={checked(name)} /> {label}
    </label>
  );
  const level = (key: LevelKey) => {
    const label = LEVELS.find((l) => l.key === key)?.label ?? key;
    const kept = form.kept[key];
    const options = kept
      ? [{ value: KEEP, label: `As it is: ${kept}` }, ...form.levelOptions]
      : form.levelOptions;
    return (
      <fieldset key={key} className="rules-level">
        <legend>{label}</legend>
        {select(`${key}.base`, "Price", options)}
        {number(`${key}.bars`, "Bars (highest / lowest)", "1")}
        {number(`${key}.shift`, "Bars back (0 = the bar that just closed)", "1")}
        {number(`${key}.offset`, "Plus (minus: below)")}
        {select(`${key}.offsetUnit`, "Unit", [
          { value: "pips", label: "pips" },
          { value: "points", label: "points" },
          { value: "percent", label: "percent" },
        ])}
      </fieldset>
    );
  };

  return (
    <Form method="post" className="card trade-rules" noValidate>
      <h2>Trade rules</h2>
      <p className="muted">
        Exits, pending orders, limits and position size. Saving stores a new version of the strategy and
        clears its code (generate it again to back-test the change).
      </p>
      {saved ? (
        <p className="form-success" role="status">
          {saved}
        </p>
      ) : null}
      <FormError>{message ?? errors.form}</FormError>
      <input type="hidden" name="version" value={version} />

      <section aria-labelledby="rules-sizing">
        <h3 id="rules-sizing">Position size</h3>
        <FormError>{errors.sizing}</FormError>
        <div className="backtest-grid">
          {select("sizing.type", "Sizing", SIZING_TYPES)}
          {number("sizing.lots", "Lots")}
          {number("sizing.percent", "Risk (% of the account)")}
          {select("sizing.of", "Account figure risked", [
            { value: "balance", label: "Balance" },
            { value: "equity", label: "Equity" },
          ])}
          {number("sizing.amount", "Risk (account currency)")}
          {number("sizing.per", "Equity per lots step")}
        </div>
      </section>

      <section aria-labelledby="rules-exits">
        <h3 id="rules-exits">Exits</h3>
        <FormError>{errors.exits}</FormError>
        <div className="backtest-grid">
          {level("stopLong")}
          {level("stopShort")}
          {number("exits.targetR", "Take profit (R, multiples of the stop distance)")}
          {number("exits.partialPercent", "Partial close: share closed (%)")}
          {number("exits.partialAtR", "Partial close: at a profit of (R)")}
          {box("exits.partialBreakEven", "Then move the stop to the entry price")}
          {level("trailLong")}
          {level("trailShort")}
          {number("exits.afterBars", "Close after N bars", "1")}
          {clock("exits.closeAtTime", "Close every position at (server time)")}
          <fieldset className="rules-days">
            <legend>On these days (none: every day)</legend>
            {WEEKDAYS.map((d, i) => box(dayField(i + 1), d))}
            {err("exits.closeAtDays") ? (
              <span className="error" role="alert">
                {err("exits.closeAtDays")}
              </span>
            ) : null}
          </fieldset>
        </div>
      </section>

      <section aria-labelledby="rules-pending">
        <h3 id="rules-pending">Pending entry orders</h3>
        <FormError>{errors.pending}</FormError>
        <div className="backtest-grid">
          {select("pending.order", "Entries", [
            { value: "", label: "At the market" },
            { value: "stop", label: "Stop orders (breakout)" },
            { value: "limit", label: "Limit orders (pullback)" },
          ])}
          {level("pendingLong")}
          {level("pendingShort")}
          {box("pending.oco", "One cancels the other (bracket)")}
          {select("pending.expiryType", "Expiry", [
            { value: "", label: "Never" },
            { value: "bars", label: "After N bars" },
            { value: "timeOfDay", label: "At a time of day" },
          ])}
          {number("pending.expiryBars", "Expires after (bars)", "1")}
          {clock("pending.expiryAt", "Expires at (server time)")}
        </div>
      </section>

      <section aria-labelledby="rules-limits">
        <h3 id="rules-limits">Entry limits</h3>
        <FormError>{errors.limits}</FormError>
        <div className="backtest-grid">
          {number("limits.maxTradesPerDay", "Trades per day at most", "1")}
          {number("limits.maxSpread", "No entry while the spread is wider than")}
          {select("limits.maxSpreadUnit", "Spread unit", [
            { value: "pips", label: "pips" },
            { value: "points", label: "points" },
          ])}
        </div>
      </section>

      <button type="submit" className="button primary" disabled={busy}>
        {busy ? "Saving..." : "Save rules"}
      </button>
    </Form>
  );
}

/** An element id from a field name (dots are legal in ids but awkward in CSS selectors). */
function idOf(name: string): string {
  return `rules-${name.replace(/\./g, "-")}`;
}
