/** Most chunk events one streamed text may cost (each is a Durable Object call). */
const MAX_CHUNKS = 12;

/**
 * The growing prefixes of `text` for streaming (spec 2 s9 chunk sizes), excluding the full text, which the
 * caller sends last with `stream: false`. Long texts use bigger chunks so a reply stays a dozen events.
 */
export function streamChunks(text: string, chunk: number): string[] {
  const size = Math.max(chunk, Math.ceil(text.length / MAX_CHUNKS));
  const out: string[] = [];
  for (let end = size; end < text.length; end += size) out.push(text.slice(0, end));
  return out;
}
