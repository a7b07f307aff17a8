export * from "./accounts";
export * from "./billing";
