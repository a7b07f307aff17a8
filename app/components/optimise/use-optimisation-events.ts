import type { LiveEvent } from "../../../worker/events/parse";
import { useLiveEvents } from "../../utils/live-events";

export interface OptimisationProgressEvent {
  optId: string;
  done: number;
  planned: number;
  /** The best result so far (the Result column's value), or null. */
  best: number | null;
  /** The run ended (completed, cancelled or failed): the page reloads its record. */
  finished: boolean;
}

/** An optimisation's progress from a live event (`strategy-optimisation-progress`), or null. */
export function readOptimisationEvent(event: LiveEvent): OptimisationProgressEvent | null {
  if (event.type !== "strategy-optimisation-progress") return null;
  return {
    optId: event.optId,
    done: event.runsDone,
    planned: event.plannedRuns,
    best: event.bestResult ?? null,
    finished: event.status !== "queued" && event.status !== "running",
  };
}

/** Calls `onProgress` with every live progress event of optimisation `optId` while mounted. */
export function useOptimisationEvents(
  optId: string,
  onProgress: (e: OptimisationProgressEvent) => void,
): void {
  useLiveEvents((event) => {
    const e = readOptimisationEvent(event);
    if (e && e.optId === optId) onProgress(e);
  });
}
