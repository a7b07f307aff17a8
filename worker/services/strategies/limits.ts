/**
 * Text limits of the strategy screens, free of dependencies so the browser bundle can tell the typist before
 * sending (the services' schemas refuse the same lengths with the same numbers).
 */

/** The longest chat message (build tab). */
export const MESSAGE_MAX_CHARS = 8_000;
