/**
 * The isolate's read-through cache of decoded month chunks: a byte-bounded LRU (Map keeps insertion
 * order; a hit moves the entry to the end). Decoded bars cost 56 bytes each (7 Float64 columns), so
 * the default 48 MB holds a little over two years of M1 for one symbol and stays well inside a
 * Worker's 128 MB.
 */
export class LruCache<V> {
  private readonly map = new Map<string, { value: V; size: number }>();
  private bytes = 0;

  constructor(readonly maxBytes = 48 * 1024 * 1024) {}

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }

  set(key: string, value: V, size: number): void {
    const old = this.map.get(key);
    if (old) {
      this.bytes -= old.size;
      this.map.delete(key);
    }
    if (size > this.maxBytes) return;
    this.map.set(key, { value, size });
    this.bytes += size;
    for (const [k, e] of this.map) {
      if (this.bytes <= this.maxBytes) break;
      this.map.delete(k);
      this.bytes -= e.size;
    }
  }

  delete(key: string): void {
    const e = this.map.get(key);
    if (e) {
      this.bytes -= e.size;
      this.map.delete(key);
    }
  }

  /** Drops every key that starts with `prefix`. */
  deletePrefix(prefix: string): void {
    for (const k of [...this.map.keys()]) if (k.startsWith(prefix)) this.delete(k);
  }

  get size(): number {
    return this.map.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }
}
