/**
 * Typed errors of the market library. Services map `code` to the API envelope; the message is
 * written for a person (it names the symbol, period or line at fault).
 */
export type MarketErrorCode =
  | "UNKNOWN_SYMBOL"
  | "UNKNOWN_PERIOD"
  | "PERIOD_TOO_FINE"
  | "PERIOD_NOT_MULTIPLE"
  | "BAD_CHUNK"
  | "BAD_RANGE"
  | "IMPORT_FORMAT"
  | "IMPORT_ROWS"
  | "NO_CONVERSION"
  | "BAD_FEED_FILE"
  | "NOT_IN_FEED";

export class MarketError extends Error {
  override readonly name = "MarketError";
  constructor(
    readonly code: MarketErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Asked for a period that cannot be built from the stored resolution (finer, or not a whole multiple). */
export class PeriodError extends MarketError {
  constructor(
    code: "PERIOD_TOO_FINE" | "PERIOD_NOT_MULTIPLE",
    message: string,
    readonly stored: string,
    readonly requested: string,
  ) {
    super(code, message);
  }
}
