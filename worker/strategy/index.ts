/** The strategy spec library's public entry point (pure: no I/O). */
export * from "./outline";
export * from "./spec";
