import { Form, useNavigation } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  CRITERION_OPTIONS,
  combinationCount,
  countText,
  FORWARD_OPTIONS,
  type FormInput,
  type OptimiseFormValues,
  postedRanges,
  rangeFields,
  SEARCH_OPTIONS,
} from "../../utils/optimise-form";
import { DepositField, TestWindowFields } from "../strategies/test-window-fields";
import { described, Field } from "../ui/fields";

export interface OptimiseFormProps {
  inputs: readonly FormInput[];
  symbols: readonly { name: string; description: string }[];
  values: OptimiseFormValues;
  /** The server's messages by field name (`start.NAME`, `search`, ...); `inputs` is about the rows as a whole. */
  errors: Readonly<Record<string, string>>;
  /** A request-level failure (a run already going, the plan's limit). */
  message: string | null;
  /** The plan's most runs per optimisation; null when unlimited. */
  limit: number | null;
  planName: string;
  today: string;
  firstDay: string;
}

/** The form's current values as strings (FormData of the live form). */
function formValues(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new FormData(form)) if (typeof v === "string") out[k] = v;
  return out;
}

/**
 * The Optimise form (issue 17): the spec's optimisable inputs (the EA's input names) each with a checkbox and
 * START, STEP, STOP as in MT5's tester; the search, the criterion, the forward period and the test's symbol,
 * period and dates. A plain POST validated on the server; the combinations are counted on the server on every
 * answer ("Count combinations" asks for it without JavaScript) and live as the fields change with it.
 */
export function OptimiseForm({
  inputs,
  symbols,
  values,
  errors,
  message,
  limit,
  planName,
  today,
  firstDay,
}: OptimiseFormProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "start";
  const formRef = useRef<HTMLFormElement>(null);
  const [count, setCount] = useState(() => combinationCount(values.ranges));
  const [search, setSearch] = useState(values.search);
  const [forward, setForward] = useState(values.forward);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    setCount(combinationCount(values.ranges));
    setSearch(values.search);
    setForward(values.forward);
  }, [values]);

  function onChange() {
    const form = formRef.current;
    if (!form) return;
    const posted = formValues(form);
    setCount(combinationCount(postedRanges(posted, inputs)));
    setSearch(posted.search ?? "grid");
    setForward(posted.forward ?? "none");
  }
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    if (submitting) e.preventDefault();
  }

  const over = count !== null && limit !== null && search === "grid" && count > limit;
  const key = JSON.stringify(values);
  return (
    <section className="card optimise-form" aria-labelledby="optimise-form-title">
      <h2 id="optimise-form-title">Optimise</h2>
      <Form method="post" ref={formRef} onChange={onChange} onSubmit={onSubmit} key={key}>
        {/* Optimisations run on open prices only (MT5's advice for searches; a run costs milliseconds). */}
        <input type="hidden" name="model" value="3" />
        {message ? (
          <p className="form-error" role="alert">
            {message}
          </p>
        ) : null}
        <fieldset
          className="optimise-inputs"
          aria-describedby={errors.inputs ? "opt-inputs-error" : undefined}
        >
          <legend>Inputs</legend>
          <p className="muted small">
            The EA's inputs: tick the ones to optimise and give each its start, step and stop.
          </p>
          {errors.inputs ? (
            <p className="error" id="opt-inputs-error" role="alert">
              {errors.inputs}
            </p>
          ) : null}
          {inputs.length === 0 ? <p>This strategy has no inputs to optimise.</p> : null}
          <ul className="optimise-rows">
            {inputs.map((input) => {
              const f = rangeFields(input.name);
              const r = values.ranges[input.name];
              const id = `opt-${input.name}`;
              const rowError = errors[input.name];
              return (
                <li key={input.name} className="optimise-row" data-input={input.name}>
                  <div className="optimise-row-name">
                    <input
                      type="checkbox"
                      id={id}
                      name={f.checked}
                      value="on"
                      defaultChecked={r?.checked ?? false}
                    />
                    <label htmlFor={id}>
                      <code>{input.name}</code>
                      <span className="muted small">
                        {" "}
                        = {input.value} ({input.type === "int" ? "whole" : "decimal"})
                      </span>
                    </label>
                  </div>
                  {(["start", "step", "stop"] as const).map((part) => {
                    const fid = `${id}-${part}`;
                    const err = errors[f[part]];
                    return (
                      <Field key={part} id={fid} label={part[0].toUpperCase() + part.slice(1)} error={err}>
                        <input
                          id={fid}
                          type="number"
                          name={f[part]}
                          step="any"
                          inputMode="decimal"
                          defaultValue={r?.[part] ?? ""}
                          aria-label={`${input.name} ${part}`}
                          {...described(fid, err)}
                        />
                      </Field>
                    );
                  })}
                  {rowError ? (
                    <span className="error optimise-row-error" role="alert">
                      {rowError}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </fieldset>
        <div className="backtest-grid">
          <Field id="opt-search" label="Search" error={errors.search} announce>
            <select
              id="opt-search"
              name="search"
              defaultValue={values.search}
              {...described("opt-search", errors.search)}
            >
              {SEARCH_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="opt-criterion" label="Criterion" error={errors.criterion} announce>
            <select
              id="opt-criterion"
              name="criterion"
              defaultValue={values.criterion}
              {...described("opt-criterion", errors.criterion)}
            >
              {CRITERION_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="opt-forward" label="Forward period" error={errors.forward} announce>
            <select
              id="opt-forward"
              name="forward"
              defaultValue={values.forward}
              {...described("opt-forward", errors.forward)}
            >
              {FORWARD_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
          {/* Without JavaScript the date is always there (used when the forward period is Custom). */}
          {!hydrated || forward === "date" ? (
            <Field id="opt-forward-date" label="Forward from" error={errors.forwardDate} announce>
              <input
                id="opt-forward-date"
                type="date"
                name="forwardDate"
                defaultValue={values.forwardDate}
                min={firstDay}
                max={today}
                {...described("opt-forward-date", errors.forwardDate)}
              />
            </Field>
          ) : null}
          <TestWindowFields
            prefix="opt"
            symbols={symbols}
            values={values}
            errors={errors}
            today={today}
            firstDay={firstDay}
          />
          <DepositField id="opt-deposit" value={values.depositAmount} error={errors.depositAmount} />
        </div>
        <p
          className={over ? "optimise-count error" : "optimise-count"}
          aria-live="polite"
          data-count={count ?? ""}
        >
          <strong>
            {count === null ? "Some ranges are not ranges yet" : `${countText(count)} combinations`}
          </strong>
          {" · "}
          {limit === null
            ? `your ${planName} plan runs any number per optimisation`
            : `your ${planName} plan runs up to ${countText(limit)} per optimisation`}
          {search === "genetic" ? " (a genetic search runs a share of them)" : ""}
          {" · open prices only"}
        </p>
        <div className="optimise-actions">
          <button type="submit" name="intent" value="start" className="button primary" disabled={submitting}>
            {submitting ? "Starting..." : "Start Optimisation"}
          </button>
          <button type="submit" name="intent" value="count" className="button">
            Count combinations
          </button>
        </div>
        <WalkForwardFields values={values} errors={errors} />
      </Form>
    </section>
  );
}

/**
 * Walk-forward analysis (issue 17 Robustness) of the same inputs, ranges, search and criterion: the window
 * lengths and the anchored choice, and its own submit button ("walk-forward" intent), so it posts the whole
 * form without JavaScript and the answer shows each window under it.
 */
function WalkForwardFields({
  values,
  errors,
}: {
  values: OptimiseFormValues;
  errors: Readonly<Record<string, string>>;
}) {
  const navigation = useNavigation();
  const running = navigation.state === "submitting" && navigation.formData?.get("intent") === "walk-forward";
  return (
    <fieldset className="optimise-walk-forward">
      <legend>Walk-forward analysis</legend>
      <p className="muted small">
        Optimises the ranges above on each in-sample window, trades the best inputs on the out-of-sample
        window after it, moves on by the out-of-sample length and repeats; the out-of-sample results make one
        equity curve. Every window's runs count towards your plan's runs per optimisation.
      </p>
      <div className="optimise-wf-fields">
        <Field id="opt-wf-in" label="In-sample (days)" error={errors.wfIn} announce>
          <input
            id="opt-wf-in"
            name="wfIn"
            type="number"
            min={7}
            step={1}
            inputMode="numeric"
            defaultValue={values.wfIn}
            key={`in-${values.wfIn}`}
            {...described("opt-wf-in", errors.wfIn)}
          />
        </Field>
        <Field id="opt-wf-out" label="Out-of-sample (days)" error={errors.wfOut} announce>
          <input
            id="opt-wf-out"
            name="wfOut"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            defaultValue={values.wfOut}
            key={`out-${values.wfOut}`}
            {...described("opt-wf-out", errors.wfOut)}
          />
        </Field>
        <div className="checkbox">
          <input
            id="opt-wf-anchored"
            type="checkbox"
            name="wfAnchored"
            value="on"
            defaultChecked={values.wfAnchored === "on"}
          />
          <label htmlFor="opt-wf-anchored">Anchored (every in-sample window starts on the first day)</label>
        </div>
        <button type="submit" name="intent" value="walk-forward" className="button" disabled={running}>
          {running ? "Running..." : "Run Walk-Forward"}
        </button>
      </div>
    </fieldset>
  );
}
