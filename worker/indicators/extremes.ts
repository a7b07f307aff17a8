/**
 * Highest high / lowest low of the `period` bars ending at each index (the window shrinks at the start
 * of the series, as MetaQuotes' Ichimoku.mq5 Highest/Lowest do). A monotonic deque: O(n) for any period.
 */
export function rollingMax(src: Float64Array, period: number): Float64Array {
  return rolling(src, period, (a, b) => a >= b);
}

export function rollingMin(src: Float64Array, period: number): Float64Array {
  return rolling(src, period, (a, b) => a <= b);
}

function rolling(src: Float64Array, period: number, keeps: (a: number, b: number) => boolean): Float64Array {
  const n = src.length;
  const out = new Float64Array(n);
  const q = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < n; i++) {
    while (tail > head && !keeps(src[q[tail - 1]], src[i])) tail--;
    q[tail++] = i;
    if (q[head] <= i - period) head++;
    out[i] = src[q[head]];
  }
  return out;
}
