/**
 * The time and id sources every service takes from its caller (the worker passes Date.now and a random UUID),
 * so tests can fix both and billing rows written in one step share one instant.
 */
export interface Clocked {
  /** Milliseconds since the epoch. */
  now: () => number;
  newId: () => string;
}
