import { createContext, useContext } from "react";

/** The per-request CSP nonce, provided by entry.server so inline scripts can carry it. */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
