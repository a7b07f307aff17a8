import { useState } from "react";

/**
 * Spec 1 s4: "any edit clears the error". Tracks whether the form changed since the last answer: a new answer
 * resets it (state adjusted during render, React's pattern for following a changing value).
 */
export function useEditedSince<T>(answer: T): [boolean, () => void] {
  const [edited, setEdited] = useState(false);
  const [seen, setSeen] = useState(answer);
  if (seen !== answer) {
    setSeen(answer);
    setEdited(false);
  }
  return [edited, () => setEdited(true)];
}
