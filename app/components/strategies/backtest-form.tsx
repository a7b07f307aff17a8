import { Form, useNavigation } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  ACCOUNT_OPTIONS,
  type BacktestFormValues,
  CURRENCY_OPTIONS,
  CUSTOM_DELAY,
  DELAY_OPTIONS,
  DESCRIPTION_MAX,
  MAX_CUSTOM_DELAY_MS,
  MODEL_OPTIONS,
  TIME_ZONE_OPTIONS,
  TRIPLE_SWAP_OPTIONS,
} from "../../utils/backtest-form";
import { PendingAccountLink } from "../ui/account-link";
import { described, Field } from "../ui/fields";
import { DepositField, TestWindowFields } from "./test-window-fields";

export interface BacktestFormProps {
  symbols: { name: string; description: string }[];
  values: BacktestFormValues;
  errors: Record<string, string>;
  /** A request-level failure (spec 2 s8), cleared as soon as the form changes. */
  message: string | null;
  /** SUBSCRIPTION_PENDING: the message ends with an Account link (spec 2 s8). */
  accountLink?: boolean;
  /** Spec 2 s5: the date inputs' maximum. */
  today: string;
  /** The first day of market data: the date inputs' minimum. */
  firstDay: string;
}

/**
 * Create New Backtest (spec 2 s2, s3, s5): a plain POST with every field and default, validated on the
 * server. With JavaScript the custom delay appears (and takes focus) only when chosen; without it the
 * field is always there and read only for 'Custom delay'.
 */
export function BacktestForm({
  symbols,
  values,
  errors,
  message,
  accountLink = false,
  today,
  firstDay,
}: BacktestFormProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const [hydrated, setHydrated] = useState(false);
  const [delay, setDelay] = useState(values.executionMode);
  // Spec 2 s4: the message, and the fields' messages with it, clear when the form changes.
  const [messageShown, setMessageShown] = useState(true);
  const customRef = useRef<HTMLInputElement>(null);
  const focusCustom = useRef(false);

  useEffect(() => setHydrated(true), []);
  // A new answer from the action shows its message (and its values) again.
  useEffect(() => {
    setMessageShown(true);
    setDelay(values.executionMode);
  }, [values]);
  useEffect(() => {
    if (focusCustom.current && delay === String(CUSTOM_DELAY)) customRef.current?.focus();
    focusCustom.current = false;
  }, [delay]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    // Spec 2 s4: a second submit while one is in flight is ignored.
    if (submitting) e.preventDefault();
  }

  const custom = delay === String(CUSTOM_DELAY);
  const shown = messageShown ? errors : {};
  // The values object identity changes with every answer: remount the inputs so they show it.
  const key = JSON.stringify(values);
  return (
    <section className="card backtest-form" aria-labelledby="backtest-form-title">
      <h2 id="backtest-form-title">Create New Backtest</h2>
      <Form method="post" onSubmit={onSubmit} onChange={() => setMessageShown(false)} key={key}>
        <input type="hidden" name="intent" value="create" />
        {message && messageShown ? (
          <p className="form-error" role="alert">
            {message}
            {accountLink ? <PendingAccountLink /> : null}
          </p>
        ) : null}
        <div className="backtest-grid">
          <TestWindowFields
            prefix="bt"
            symbols={symbols}
            values={values}
            errors={shown}
            today={today}
            firstDay={firstDay}
          />
          <Field id="bt-delay" label="Delay" error={shown.executionMode} announce>
            <select
              id="bt-delay"
              name="executionMode"
              defaultValue={values.executionMode}
              onChange={(e) => {
                focusCustom.current = true;
                setDelay(e.currentTarget.value);
              }}
              {...described("bt-delay", shown.executionMode)}
            >
              {DELAY_OPTIONS.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
          </Field>
          {!hydrated || custom ? (
            <Field
              id="bt-custom-delay"
              label="Custom delay (ms)"
              error={shown.customDelay}
              announce
              hint={hydrated ? undefined : "Used when the delay is 'Custom delay (ms)'."}
            >
              <input
                id="bt-custom-delay"
                ref={customRef}
                type="number"
                name="customDelay"
                inputMode="numeric"
                min={0}
                max={MAX_CUSTOM_DELAY_MS}
                step={1}
                defaultValue={values.customDelay}
                {...described("bt-custom-delay", shown.customDelay)}
              />
            </Field>
          ) : null}
          <Field id="bt-model" label="Modelling" error={shown.model} announce>
            <select
              id="bt-model"
              name="model"
              defaultValue={values.model}
              {...described("bt-model", shown.model)}
            >
              {MODEL_OPTIONS.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
          </Field>
          <DepositField id="bt-deposit" value={values.depositAmount} error={shown.depositAmount} />
          <Field id="bt-currency" label="Currency" error={shown.depositCurrency} announce>
            <select
              id="bt-currency"
              name="depositCurrency"
              defaultValue={values.depositCurrency}
              {...described("bt-currency", shown.depositCurrency)}
            >
              {CURRENCY_OPTIONS.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="bt-account"
            label="Account"
            error={shown.account}
            announce
            hint="Netting holds one position per symbol"
          >
            <select
              id="bt-account"
              name="account"
              defaultValue={values.account}
              {...described("bt-account", shown.account)}
            >
              {ACCOUNT_OPTIONS.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="bt-timezone"
            label="Server time"
            error={shown.timeZone}
            announce
            hint="The broker's clock: D1 bars, time filters, swaps and report times follow it"
          >
            <select
              id="bt-timezone"
              name="timeZone"
              defaultValue={values.timeZone}
              {...described("bt-timezone", shown.timeZone)}
            >
              {TIME_ZONE_OPTIONS.map((z) => (
                <option key={z.value} value={z.value}>
                  {z.label}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="bt-commission"
            label="Commission"
            error={shown.commission}
            announce
            hint="Per lot per side, in the deposit currency; empty: the symbol's default"
          >
            <input
              id="bt-commission"
              type="number"
              name="commission"
              inputMode="decimal"
              min={0}
              step="any"
              placeholder="Symbol default"
              defaultValue={values.commission}
              {...described("bt-commission", shown.commission)}
            />
          </Field>
          <Field
            id="bt-swap-long"
            label="Swap long"
            error={shown.swapLong}
            announce
            hint="Points per lot per night"
          >
            <input
              id="bt-swap-long"
              type="number"
              name="swapLong"
              inputMode="decimal"
              step="any"
              defaultValue={values.swapLong}
              {...described("bt-swap-long", shown.swapLong)}
            />
          </Field>
          <Field
            id="bt-swap-short"
            label="Swap short"
            error={shown.swapShort}
            announce
            hint="Points per lot per night"
          >
            <input
              id="bt-swap-short"
              type="number"
              name="swapShort"
              inputMode="decimal"
              step="any"
              defaultValue={values.swapShort}
              {...described("bt-swap-short", shown.swapShort)}
            />
          </Field>
          <Field
            id="bt-triple-swap"
            label="Triple swap on"
            error={shown.tripleSwapDay}
            announce
            hint="Its rollover charges three nights"
          >
            <select
              id="bt-triple-swap"
              name="tripleSwapDay"
              defaultValue={values.tripleSwapDay}
              {...described("bt-triple-swap", shown.tripleSwapDay)}
            >
              {TRIPLE_SWAP_OPTIONS.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="bt-slippage"
            label="Slippage"
            error={shown.slippage}
            announce
            hint="Points against you on market fills"
          >
            <input
              id="bt-slippage"
              type="number"
              name="slippage"
              inputMode="numeric"
              min={0}
              step={1}
              defaultValue={values.slippage}
              {...described("bt-slippage", shown.slippage)}
            />
          </Field>
          <Field
            id="bt-stops-level"
            label="Stops level"
            error={shown.stopsLevel}
            announce
            hint="Points: pending orders closer to the price are refused; stops and targets are kept this far from it"
          >
            <input
              id="bt-stops-level"
              type="number"
              name="stopsLevel"
              inputMode="numeric"
              min={0}
              step={1}
              defaultValue={values.stopsLevel}
              {...described("bt-stops-level", shown.stopsLevel)}
            />
          </Field>
        </div>
        <Field id="bt-description" label="Description" error={shown.description} announce>
          <input
            id="bt-description"
            type="text"
            name="description"
            maxLength={DESCRIPTION_MAX}
            placeholder="Optional"
            defaultValue={values.description}
            {...described("bt-description", shown.description)}
          />
        </Field>
        <button type="submit" className="button primary" disabled={submitting}>
          {submitting ? "Starting..." : "Run Backtest"}
        </button>
      </Form>
    </section>
  );
}
