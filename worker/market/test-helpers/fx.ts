/**
 * Test-only access to the real FX files of ../shared/data/fx (SOURCES.md): read in place, never
 * copied into the repository. Tests that use them fail loudly when the folder is missing.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

const here = dirname(fileURLToPath(import.meta.url));
/** <repo>/../shared/data/fx, or FX_DATA_DIR when set. */
export const FX_DIR = process.env.FX_DATA_DIR ?? resolve(here, "../../../../shared/data/fx");

export function fxPath(name: string): string {
  return resolve(FX_DIR, name);
}

/** The text of a file under fx/ (gunzipped when it ends in .gz). */
export function readFx(name: string): string {
  const path = fxPath(name);
  if (!existsSync(path))
    throw new Error(`Real FX data not found at ${path} (see shared/data/fx/SOURCES.md).`);
  const bytes = readFileSync(path);
  return (name.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
}
