export * from "./accounts";
export * from "./billing";
export * from "./shares";
export * from "./strategies";
