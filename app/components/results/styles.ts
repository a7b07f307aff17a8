import resultsCss from "../../styles/results.css?url";

/** The results screen's stylesheet, for the `links` of its routes. */
export const resultsStylesheet = { rel: "stylesheet", href: resultsCss } as const;
