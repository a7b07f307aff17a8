export * from "./accounts";
export * from "./billing";
export * from "./strategies";
export * from "./shares";
