import { z } from "zod";

/** One bar of /datafeed/candles/ as the chart reads it: seconds and the four prices. */
export const candle = z.object({
  time: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
});
