import { type PlaySpeed, speedLabel } from "../../utils/chart-play";
import { FastForwardIcon, PauseIcon, PlayIcon } from "./icons";

/** Play/Pause and the fast-forward toggle (spec 2 s2 "Candle chart and play mode"). */
export function PlayControls({
  playing,
  speed,
  disabled,
  onToggle,
  onFastForward,
}: {
  playing: boolean;
  speed: PlaySpeed;
  disabled: boolean;
  onToggle: () => void;
  onFastForward: () => void;
}) {
  return (
    <fieldset className="candle-controls">
      <legend className="sr-only">Playback</legend>
      <button type="button" className="button" onClick={onToggle} disabled={disabled}>
        {playing ? <PauseIcon /> : <PlayIcon />} {playing ? "Pause" : "Play"}
      </button>
      <button
        type="button"
        className="button"
        aria-pressed={speed === 4}
        aria-label={`Fast forward (${speedLabel(speed)})`}
        onClick={onFastForward}
        disabled={disabled}
      >
        <FastForwardIcon /> {speedLabel(speed)}
      </button>
    </fieldset>
  );
}
