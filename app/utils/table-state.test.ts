import { describe, expect, it } from "vitest";
import {
  clampPage,
  nextSort,
  onlyTableParamsChanged,
  pageCount,
  pageSearch,
  pageText,
  paramNames,
  prefixedParams,
  rowsOnPage,
  showingText,
  sortSearch,
  tableStateFromSearch,
} from "./table-state";

const updatedDesc = { id: "updated", dir: "desc" } as const;

describe("tableStateFromSearch", () => {
  it("uses page 1 and the default sort without params", () => {
    expect(tableStateFromSearch("", { sort: updatedDesc })).toEqual({ page: 1, sort: updatedDesc });
    expect(tableStateFromSearch(new URLSearchParams())).toEqual({ page: 1, sort: null });
  });
  it("reads page, sort and dir", () => {
    expect(tableStateFromSearch("?page=3&sort=title&dir=desc")).toEqual({
      page: 3,
      sort: { id: "title", dir: "desc" },
    });
  });
  it("reads an explicit 'none' even when a default sort exists", () => {
    expect(tableStateFromSearch("dir=none", { sort: updatedDesc })).toEqual({ page: 1, sort: null });
  });
  it("treats a bad direction as ascending", () => {
    expect(tableStateFromSearch("sort=title&dir=sideways").sort).toEqual({ id: "title", dir: "asc" });
  });
  it.each(["0", "-1", "2.5", "abc", "1e3", "", "9999999999"])("page %j means page 1", (raw) => {
    expect(tableStateFromSearch(`page=${raw}`).page).toBe(1);
  });
  it("ignores columns that are not sortable", () => {
    const d = { sort: updatedDesc, sortable: ["updated", "title"] };
    expect(tableStateFromSearch("sort=password&dir=asc", d).sort).toEqual(updatedDesc);
    expect(tableStateFromSearch("sort=title&dir=asc", d).sort).toEqual({ id: "title", dir: "asc" });
  });
  it("uses configured param names so two tables do not clash", () => {
    const params = prefixedParams("deals");
    const s = "page=2&deals_page=4&deals_sort=id&deals_dir=desc";
    expect(tableStateFromSearch(s, { params })).toEqual({ page: 4, sort: { id: "id", dir: "desc" } });
    expect(tableStateFromSearch(s).page).toBe(2);
  });
});

describe("nextSort (header cycle)", () => {
  it("cycles ascending → descending → none", () => {
    const a = nextSort(null, "title");
    expect(a).toEqual({ id: "title", dir: "asc" });
    const b = nextSort(a, "title");
    expect(b).toEqual({ id: "title", dir: "desc" });
    expect(nextSort(b, "title")).toBeNull();
  });
  it("starts another column ascending", () => {
    expect(nextSort(updatedDesc, "title")).toEqual({ id: "title", dir: "asc" });
  });
  it("from a default descending sort goes to none", () => {
    expect(nextSort(updatedDesc, "updated")).toBeNull();
  });
});

describe("paging", () => {
  it("has at least one page", () => {
    expect(pageCount(0, 8)).toBe(1);
    expect(pageCount(8, 8)).toBe(1);
    expect(pageCount(9, 8)).toBe(2);
    expect(pageCount(19, 8)).toBe(3);
    expect(pageCount(5, 0)).toBe(1);
  });
  it("clamps pages into 1..M", () => {
    expect(clampPage(99, 19, 8)).toBe(3);
    expect(clampPage(0, 19, 8)).toBe(1);
    expect(clampPage(2, 0, 8)).toBe(1);
    expect(clampPage(Number.NaN, 19, 8)).toBe(1);
  });
  it("counts the rows on each page", () => {
    expect([1, 2, 3].map((p) => rowsOnPage(p, 19, 8))).toEqual([8, 8, 3]);
    expect(rowsOnPage(1, 0, 10)).toBe(0);
    expect(rowsOnPage(7, 19, 8)).toBe(3);
  });
  it("writes the footer texts", () => {
    expect(showingText(8, 19)).toBe("Showing 8 of 19 Rows");
    expect(showingText(10, 12345)).toBe("Showing 10 of 12,345 Rows");
    expect(pageText(1, 3)).toBe("Page 1 of 3");
    expect(pageText(1, 0)).toBe("Page 1 of 1");
  });
});

describe("links", () => {
  const names = paramNames();
  it("sets the page and keeps other params", () => {
    expect(pageSearch("confirm=x&sort=title&dir=asc", names, 3)).toBe("?confirm=x&sort=title&dir=asc&page=3");
    expect(pageSearch("page=3&q=1", names, 1)).toBe("?q=1");
  });
  it("sorting resets the page; none is explicit", () => {
    expect(sortSearch("page=3", names, { id: "title", dir: "desc" })).toBe("?sort=title&dir=desc");
    expect(sortSearch("page=3&sort=title&dir=desc", names, null)).toBe("?dir=none");
  });
  it("round-trips through tableStateFromSearch", () => {
    const d = { sort: updatedDesc };
    for (const sort of [null, { id: "title", dir: "asc" as const }, updatedDesc]) {
      expect(tableStateFromSearch(sortSearch("", names, sort), d).sort).toEqual(sort);
    }
  });
  it("tells when only this table's params changed", () => {
    const u = (s: string) => new URL(`https://x.test/list${s}`);
    expect(onlyTableParamsChanged(u("?a=1"), u("?page=2&a=1"), names)).toBe(true);
    expect(onlyTableParamsChanged(u("?a=1"), u("?a=2&page=2"), names)).toBe(false);
    expect(onlyTableParamsChanged(u(""), new URL("https://x.test/other?page=2"), names)).toBe(false);
  });
});
