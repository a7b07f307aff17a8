export * from "./accounts";
export * from "./billing";
export * from "./optimisations";
export * from "./shares";
export * from "./strategies";
