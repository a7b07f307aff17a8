/**
 * Reads a request body counting bytes as they arrive, so a chunked body without Content-Length is limited too
 * (a Content-Length check alone trusts the client). Past `limit` the stream is cancelled and `tooLarge()` is
 * thrown: each caller answers in its own form (an envelope for the API, a page for forms).
 */
export async function readLimited(
  stream: ReadableStream<Uint8Array> | null,
  limit: number,
  tooLarge: () => unknown,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!stream) return new Uint8Array();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
