/** The pure billing library (DESIGN D8, D9): catalogue, money, periods, proration, credits, statuses. */
export * from "./catalogue";
export * from "./catalogue-sql";
export * from "./credits";
export * from "./money";
export { OPTIMISATION_RUNS_BY_PLAN, optimisationLimit } from "./optimise-limits";
export * from "./periods";
export * from "./plan-change";
export * from "./product-row";
export * from "./proration";
export * from "./status";
