import { deflateRawSync, crc32 as zlibCrc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { getSymbol } from "../catalogue";
import { readFx } from "../test-helpers/fx";
import { buildZip } from "../test-helpers/zip";
import { importBars } from ".";
import { crc32, isZip, listZip, readEntry, singleFile } from "./zip";

const enc = new TextEncoder();
const dec = new TextDecoder();
const eurusd = getSymbol("EURUSD");

/**
 * Lean's minute day file as Lean ships it: `20140501_quote.zip` holding
 * `20140501_eurusd_minute_quote.csv` with `msSinceMidnight,bid...,ask...` rows. The rows are the real
 * 2014-05-01 rows of the derived Lean sample in shared/data/fx with its `20140501,` prefix taken off.
 */
function leanDay(day: string): { csv: string; sample: string } {
  const sample = readFx("lean_oanda_bidask/eurusd_m1_oanda_bidask_2014-05_2018-04_sample.csv.gz");
  const rows = sample
    .split("\n")
    .filter((l) => l.startsWith(`${day},`))
    .map((l) => l.slice(day.length + 1));
  return { csv: `${rows.join("\r\n")}\r\n`, sample };
}

const zipOf = (name: string, text: string, deflate = true) => {
  const data = enc.encode(text);
  return buildZip([{ name, data, deflated: deflate ? deflateRawSync(data) : undefined }], zlibCrc32);
};

async function unzip(bytes: Uint8Array) {
  const entry = singleFile(listZip(bytes));
  return { name: entry.name, text: dec.decode(await readEntry(bytes, entry)) };
}

describe("zip reader on Lean's zipped files (real rows)", () => {
  it("imports a Lean minute day zip with its inner name, bar for bar like the dated sample", async () => {
    const { csv, sample } = leanDay("20140501");
    const zip = zipOf("20140501_eurusd_minute_quote.csv", csv);
    expect(isZip(zip)).toBe(true);
    const { name, text } = await unzip(zip);
    expect(name).toBe("20140501_eurusd_minute_quote.csv");
    expect(text).toBe(csv);

    const r = importBars(text, { symbol: eurusd, fileName: name });
    expect(r.errors).toEqual([]);
    expect(r.format).toBe("lean");
    expect(r.resolution).toBe("M1");
    expect(r.bars.length).toBe(1363);
    const ref = importBars(sample, { symbol: eurusd });
    for (const col of ["time", "open", "high", "low", "close", "spread"] as const) {
      expect(Array.from(r.bars[col])).toEqual(Array.from(ref.bars[col].subarray(0, 1363)));
    }
    expect(new Date(r.bars.time[1362]).toISOString().slice(0, 10)).toBe("2014-05-01");
  });

  it("reads stored entries too, e.g. Lean's hour zip eurusd.zip holding eurusd.csv", async () => {
    const hours = readFx("lean_oanda_bidask/eurusd_h1_oanda_bidask_2007-2018.csv.gz")
      .split("\n")
      .slice(0, 200)
      .join("\n");
    const { name, text } = await unzip(zipOf("eurusd.csv", hours, false));
    expect(name).toBe("eurusd.csv");
    const r = importBars(text, { symbol: eurusd, fileName: name });
    expect(r.errors).toEqual([]);
    expect(r.resolution).toBe("H1");
    expect(r.bars.length).toBe(200);
    expect(r.bars.open[0]).toBe(1.31927);
  });

  it("its CRC-32 agrees with zlib's", () => {
    const data = enc.encode(leanDay("20140502").csv);
    expect(crc32(data)).toBe(zlibCrc32(data));
    expect(crc32(new Uint8Array())).toBe(0);
  });
});

describe("zip reader refusals", () => {
  const csv = "0,1.1,1.2,1.0,1.15,0,1.1002,1.2002,1.0002,1.1502,0\n";

  it("refuses a zip holding several files, naming them", () => {
    const data = enc.encode(csv);
    const zip = buildZip(
      [
        { name: "20140501_eurusd_minute_quote.csv", data },
        { name: "20140502_eurusd_minute_quote.csv", data },
        { name: "folder/", data: new Uint8Array() },
      ],
      zlibCrc32,
    );
    expect(() => singleFile(listZip(zip))).toThrow(
      /holds 2 files \(20140501_eurusd_minute_quote.csv, 20140502_eurusd_minute_quote.csv\): import one file per call/,
    );
  });

  it("detects damage: a changed byte fails the CRC, a cut file has no directory", async () => {
    const zip = zipOf("a.csv", csv, false);
    const bad = zip.slice();
    bad[30 + "a.csv".length] ^= 1; // first data byte of the stored entry
    await expect(unzip(bad)).rejects.toThrow(/damaged.*CRC-32/);
    expect(() => listZip(zip.subarray(0, zip.length - 10))).toThrow(/no end of central directory/);
    const deflated = zipOf("a.csv", csv);
    const cut = deflated.slice();
    cut.fill(0xff, 35, 40); // inside the deflate stream
    await expect(unzip(cut)).rejects.toThrow(/damaged/);
  });

  it("refuses encrypted entries and unknown compression methods", async () => {
    const zip = zipOf("a.csv", csv, false);
    const dirStart = new DataView(zip.buffer).getUint32(zip.length - 6, true);
    const encrypted = zip.slice();
    encrypted[dirStart + 8] = 1;
    expect(() => listZip(encrypted)).toThrow(/encrypted/);
    const bzip = zip.slice();
    bzip[dirStart + 10] = 12;
    await expect(unzip(bzip)).rejects.toThrow(/compression method 12/);
  });

  it("tells a zip from text and gzip by its first bytes", () => {
    expect(isZip(enc.encode(csv))).toBe(false);
    expect(isZip(new Uint8Array([0x1f, 0x8b, 8, 0]))).toBe(false);
  });
});
