/** The strategy spec library's public entry point (pure: no I/O). */

export { EXAMPLE_PROMPTS } from "./interpreter/examples";
export * from "./outline";
export * from "./spec";
