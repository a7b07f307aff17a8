import { BREAKOUT_ORDER_PHRASINGS } from "./breakout-order-phrasings.fixture";
import { replayOrderCases } from "./order-replay.fixture";

// Each of the project's breakout-order wordings (breakout-order-phrasings.fixture.ts) is read as a first description.
replayOrderCases(
  "entry orders at levels, breakout margins, other-side and candle stops",
  BREAKOUT_ORDER_PHRASINGS,
);
