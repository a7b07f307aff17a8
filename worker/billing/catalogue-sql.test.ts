import { describe, expect, it } from "vitest";
import { PRODUCTS, type Product } from "./catalogue";
import { renderProductsSql, sqlLiteral } from "./catalogue-sql";
import { PRODUCT_COLUMNS, productToRow } from "./product-row";

/** Reads the VALUES tuple back: a tiny SQLite literal tokenizer (integers and '' -escaped text). */
function parseValues(statement: string): (string | number)[] {
  const start = statement.indexOf("VALUES (") + "VALUES (".length;
  const out: (string | number)[] = [];
  let i = start;
  while (i < statement.length) {
    if (statement[i] === "'") {
      let text = "";
      i++;
      for (;;) {
        if (statement[i] === "'" && statement[i + 1] === "'") {
          text += "'";
          i += 2;
        } else if (statement[i] === "'") {
          i++;
          break;
        } else {
          text += statement[i++];
        }
      }
      out.push(text);
    } else {
      const m = /^-?\d+/.exec(statement.slice(i));
      if (m === null) throw new Error(`unexpected token at ${statement.slice(i)}`);
      out.push(Number(m[0]));
      i += m[0].length;
    }
    if (statement.slice(i, i + 2) === ", ") i += 2;
    else if (statement.slice(i) === ");") break;
    else throw new Error(`bad separator at ${statement.slice(i)}`);
  }
  return out;
}

describe("renderProductsSql", () => {
  const sql = renderProductsSql(PRODUCTS);
  const lines = sql.split("\n");

  it("renders one INSERT per product in the documented column order", () => {
    expect(lines).toHaveLength(PRODUCTS.length);
    expect(lines[0]).toBe(
      "INSERT INTO products (pid, slug, kind, name, tagline, features, credits, credits_days, price_minor, " +
        "currency, billing_cycle, max_strategies, max_saves, max_code_lines, sort_order, active) VALUES " +
        "('free-monthly-usd', 'free', 'plan', 'Free', 'Try the assistant on one strategy', " +
        `'["1 strategy build/download","1 saved strategy","Up to 1,000 lines of code",` +
        `"3 credits every 30 days (1 credit per generated expert advisor)","Backtests with MT5-style reports"]', ` +
        "3, 30, 0, 'USD', 'monthly', 1, 1, 1000, 0, 1);",
    );
  });

  it("round-trips every value", () => {
    lines.forEach((line, i) => {
      const row = productToRow(PRODUCTS[i]);
      expect(parseValues(line)).toEqual(PRODUCT_COLUMNS.map((c) => row[c]));
    });
  });

  it("escapes quotes so a value cannot end the string", () => {
    const tricky: Product = { ...PRODUCTS[0], pid: "x", tagline: "it's'); DROP TABLE products; --" };
    const line = renderProductsSql([tricky]);
    expect(line).toContain("'it''s''); DROP TABLE products; --'");
    expect(parseValues(line)[4]).toBe(tricky.tagline);
  });

  it("supports conflict modes and a table name, and refuses odd names and non-integers", () => {
    expect(
      renderProductsSql(PRODUCTS.slice(0, 1), { mode: "insert-or-ignore", table: "seed_products" }),
    ).toMatch(/^INSERT OR IGNORE INTO seed_products \(/);
    expect(renderProductsSql(PRODUCTS.slice(0, 1), { mode: "insert-or-replace" })).toMatch(
      /^INSERT OR REPLACE INTO products \(/,
    );
    expect(() => renderProductsSql(PRODUCTS, { table: "products; --" })).toThrow(RangeError);
    expect(() => sqlLiteral(1.5)).toThrow(RangeError);
  });
});
