/**
 * JSON for an inline <script>: JSON.stringify alone would let a value containing "</script>" close the element
 * (HTML injection), so the characters HTML cares about become \u escapes, which mean the same in JS.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function segmentScriptUrl(writeKey: string): string {
  return `https://cdn.segment.com/analytics.js/v1/${encodeURIComponent(writeKey)}/analytics.min.js`;
}

/**
 * Segment's minimal snippet stub: analytics.min.js on its own records nothing. The stub queues calls made
 * before the library arrives (which replays them), names the write key, and records this page view.
 */
export function segmentSnippet(writeKey: string): string {
  return [
    "(function(){var a=window.analytics=window.analytics||[];if(a.initialize||a.invoked)return;a.invoked=true;",
    'a.methods=["page","track","identify","reset","group","alias","ready","debug","once","off","on"];',
    "a.factory=function(m){return function(){var r=Array.prototype.slice.call(arguments);r.unshift(m);a.push(r);return a}};",
    "for(var i=0;i<a.methods.length;i++){var k=a.methods[i];a[k]=a.factory(k)}",
    `a._writeKey=${scriptJson(writeKey)};a.SNIPPET_VERSION="4.16.1";a.page()})()`,
  ].join("");
}
