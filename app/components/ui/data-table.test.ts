import { createColumnHelper } from "@tanstack/react-table";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { prefixedParams } from "../../utils/table-state";
import { DataTable, type TableColumn } from "./data-table";
import { renderAt } from "./render-at.test-helper";

interface Row {
  id: number;
  name: string;
  score: number | undefined;
}
const h = createColumnHelper<Row>();
const columns: TableColumn<Row>[] = [
  h.accessor("id", { header: "Id" }),
  h.accessor("name", { header: "Name", size: 300 }),
  h.accessor("score", { header: "Score", meta: { align: "right" } }),
  h.display({ id: "actions", header: "Actions", cell: () => "act" }),
];
const rows: Row[] = Array.from({ length: 19 }, (_, i) => ({
  id: i + 1,
  name: `Row ${String.fromCharCode(97 + ((i * 5) % 19))}`,
  score: i % 4 === 0 ? undefined : i,
}));

function table(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return createElement(DataTable<Row>, { columns, data: rows, label: "Rows", pageSize: 8, ...props });
}

function ids(html: string): string[] {
  return Array.from(html.matchAll(/<tr><td>(\d+)<\/td>/g), (m) => m[1]);
}

describe("DataTable (server render)", () => {
  it("renders the first page with the footer texts and disabled first/previous", async () => {
    const html = await renderAt("/list", table());
    expect(ids(html)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);
    expect(html).toContain("Showing 8 of 19 Rows");
    expect(html).toContain("Page 1 of 3");
    expect(html).toMatch(/<button type="button" class="button icon" aria-label="First page" disabled/);
    expect(html).toMatch(/href="\/list\?page=2"[^>]*aria-label="Next page"|aria-label="Next page"[^>]*href/);
  });
  it("honours page and sort from the URL and clamps the page", async () => {
    const html = await renderAt("/list?page=9&sort=id&dir=desc", table());
    expect(ids(html)).toEqual(["3", "2", "1"]);
    expect(html).toContain("Showing 3 of 19 Rows");
    expect(html).toContain("Page 3 of 3");
    expect(html).toMatch(/<th[^>]*aria-sort="descending"[^>]*>.*?Id/);
  });
  it("links each sortable header to the next step of the cycle; display columns do not sort", async () => {
    const asc = await renderAt("/list?sort=name&dir=asc", table());
    expect(asc).toContain('href="/list?sort=name&amp;dir=desc"');
    expect(asc).toContain('href="/list?sort=id&amp;dir=asc"');
    const desc = await renderAt("/list?sort=name&dir=desc&page=2", table());
    expect(desc).toContain('href="/list?dir=none"');
    expect(desc).not.toMatch(/<th[^>]*aria-sort[^>]*>Actions/);
    expect(desc).toMatch(/<th[^>]*scope="col"[^>]*>Actions<\/th>/);
  });
  it("uses the default sort, and ignores an unknown sort column", async () => {
    const def = await renderAt("/list", table({ defaultSort: { id: "id", dir: "desc" } }));
    expect(ids(def).slice(0, 2)).toEqual(["19", "18"]);
    const bad = await renderAt(
      "/list?sort=secret&dir=asc",
      table({ defaultSort: { id: "id", dir: "desc" } }),
    );
    expect(ids(bad).slice(0, 2)).toEqual(["19", "18"]);
  });
  it("sorts missing values last in both directions", async () => {
    for (const dir of ["asc", "desc"]) {
      const html = await renderAt(`/list?sort=score&dir=${dir}&page=3`, table());
      // Ids 1, 5, 9, 13 and 17 have no score: the last five of 19 rows, so all of page 3.
      const page3 = ids(html);
      expect(page3).toHaveLength(3);
      for (const id of page3) expect(["1", "5", "9", "13", "17"]).toContain(id);
    }
  });
  it("keeps another table's params in its links", async () => {
    const html = await renderAt("/list?page=2", table({ params: prefixedParams("t2") }));
    expect(ids(html)[0]).toBe("1");
    expect(html).toContain('href="/list?page=2&amp;t2_page=2"');
  });
  it("applies column sizes (default 150) and alignment", async () => {
    const html = await renderAt("/list", table());
    expect(html).toContain("width:150px");
    expect(html).toContain("width:300px");
    expect(html).toMatch(/<td class="align-right">/);
  });
  it("shows the empty slot without a footer, and a spinner while loading", async () => {
    const empty = await renderAt("/list", table({ data: [], empty: "Nothing here" }));
    expect(empty).toContain('colSpan="4"');
    expect(empty).toContain("Nothing here");
    expect(empty).not.toContain("Showing");
    const loading = await renderAt("/list", table({ loading: true }));
    expect(loading).toContain('role="status"');
    expect(loading).toContain("spinner");
    expect(loading).toContain('aria-busy="true"');
  });
  it("renders a server-paged slice as given with the total from rowCount", async () => {
    const html = await renderAt("/list?page=2", table({ data: rows.slice(8, 16), rowCount: 19 }));
    expect(ids(html)).toEqual(["9", "10", "11", "12", "13", "14", "15", "16"]);
    expect(html).toContain("Showing 8 of 19 Rows");
    expect(html).toContain("Page 2 of 3");
  });
});
