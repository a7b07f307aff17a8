import uiCss from "../../styles/ui.css?url";

/** The kit's stylesheet, for a route's `links` export (or root.tsx once every screen uses the kit). */
export const uiStylesheet = { rel: "stylesheet", href: uiCss } as const;
