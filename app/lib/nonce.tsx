import { createContext, useContext } from "react";

// The per-request CSP nonce, given by entry.server.tsx. In the browser it is "" (browsers
// hide nonce attributes from scripts, and hydration never re-inserts the inline scripts).
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
