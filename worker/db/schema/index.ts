export * from "./accounts";
export * from "./billing";
export * from "./strategies";
