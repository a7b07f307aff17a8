import strategiesCss from "../../styles/strategies.css?url";

/** The strategy screens' stylesheet, for the `links` export of the routes that render them. */
export const strategiesStylesheet = { rel: "stylesheet", href: strategiesCss } as const;
