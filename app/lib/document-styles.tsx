import { createContext, useContext } from "react";
import { useNonce } from "./nonce.tsx";

// The site's whole stylesheet (app.css, about 8 KB gzip), given by entry.server.tsx and written
// into every document's head: the first paint waits for no stylesheet request. In the browser it
// is "": hydration leaves the server's <style> as it is, and client navigations need no new CSS.
export const DocumentCssContext = createContext("");

export function DocumentStyles() {
  const css = useContext(DocumentCssContext);
  const nonce = useNonce();
  return <style nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
