/** The candle chart (lightweight-charts), loaded on demand only for the Play and Candle graphs. */
export { CandleChart } from "../charts/candle-chart";
