/**
 * The code states of spec 2 section 4 (the machine is in ./states.ts). Alone in this import-free file so the
 * browser's progress overlay reads the same numbers without bundling the generator and checker.
 */
export const CODE_STATE = {
  STARTED: 0,
  GENERATED: 10,
  GENERATED_OK: 11,
  GENERATED_ERROR: 12,
  REBUILDED: 20,
  REBUILDED_OK: 21,
  REBUILDED_ERROR: 22,
  OK: 100,
  ERROR: 200,
} as const;

export type CodeState = (typeof CODE_STATE)[keyof typeof CODE_STATE];
