import type { ResultsScreenData } from "./results.server";

/** The loader's shapes, for the results components (type-only: nothing of the server module ships). */
export type ResultsBacktest = ResultsScreenData["backtest"];
export type ResultsGraphData = NonNullable<ResultsScreenData["graphData"]>;
export type ResultsTabData = NonNullable<ResultsScreenData["tabData"]>;
