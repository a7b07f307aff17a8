// Layout checks shared by the phone tests: a page wider than the phone scrolls sideways as a whole, which
// hides the top bar's menu and the tables' own scroll.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";

/** What sticks out of the viewport: the document's width and the outermost overflowing elements. */
export async function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const culprits: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
      const parent = el.parentElement?.getBoundingClientRect();
      if (el.getBoundingClientRect().right > vw + 1 && parent && parent.right <= vw + 1) {
        culprits.push(`${el.tagName.toLowerCase()}.${el.className}`);
      }
    }
    return { width: document.documentElement.scrollWidth, culprits };
  });
}

/** The page is exactly as wide as the viewport (`width`): nothing makes it scroll sideways. */
export async function assertFits(page: Page, label: string, width = 375) {
  const { width: actual, culprits } = await overflow(page);
  assert.equal(actual, width, `${label} is ${actual} px wide: ${culprits.join(", ")}`);
}
