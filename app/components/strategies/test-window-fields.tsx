import { PERIOD_OPTIONS } from "../../utils/backtest-form";
import { described, Field } from "../ui/fields";

/** The test's market and window as both the backtest and the optimise forms post them (same names, same rules). */
export interface TestWindowValues {
  symbol: string;
  period: string;
  dateStart: string;
  dateEnd: string;
}

/**
 * Symbol, period, start and end date: the fields a backtest and an optimisation share, so the two forms ask
 * the same way and post what the one backtest request schema reads. `prefix` keeps the ids of two forms apart.
 */
export function TestWindowFields({
  prefix,
  symbols,
  values,
  errors,
  today,
  firstDay,
}: {
  prefix: string;
  symbols: readonly { name: string; description: string }[];
  values: TestWindowValues;
  errors: Readonly<Record<string, string | undefined>>;
  /** Spec 2 s5: the date inputs' maximum. */
  today: string;
  /** The first day of market data: the date inputs' minimum. */
  firstDay: string;
}) {
  const date = (id: string, label: string, name: "dateStart" | "dateEnd") => (
    <Field id={id} label={label} error={errors[name]} announce>
      <input
        id={id}
        type="date"
        name={name}
        defaultValue={values[name]}
        min={firstDay}
        max={today}
        {...described(id, errors[name])}
      />
    </Field>
  );
  return (
    <>
      <Field id={`${prefix}-symbol`} label="Symbol" error={errors.symbol} announce>
        <select
          id={`${prefix}-symbol`}
          name="symbol"
          defaultValue={values.symbol}
          {...described(`${prefix}-symbol`, errors.symbol)}
        >
          {symbols.map((s) => (
            <option key={s.name} value={s.name}>
              {`${s.name} - ${s.description}`}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${prefix}-period`} label="Period" error={errors.period} announce>
        <select
          id={`${prefix}-period`}
          name="period"
          defaultValue={values.period}
          {...described(`${prefix}-period`, errors.period)}
        >
          {PERIOD_OPTIONS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </Field>
      {date(`${prefix}-start`, "Start date", "dateStart")}
      {date(`${prefix}-end`, "End date", "dateEnd")}
    </>
  );
}

/** The deposit amount, as both forms take it. */
export function DepositField({ id, value, error }: { id: string; value: string; error?: string }) {
  return (
    <Field id={id} label="Deposit" error={error} announce>
      <input
        id={id}
        type="number"
        name="depositAmount"
        inputMode="decimal"
        min={0}
        step="any"
        defaultValue={value}
        {...described(id, error)}
      />
    </Field>
  );
}
