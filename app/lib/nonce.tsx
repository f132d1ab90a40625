import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

/**
 * The CSP nonce of this page. The server knows it from the request; in the browser it is read back
 * from the scripts the server sent (the `nonce` property keeps it although browsers hide the
 * attribute), so that hydration renders the same value the server did.
 */
export function useNonce() {
  const serverNonce = useContext(NonceContext);
  if (serverNonce || typeof document === "undefined") return serverNonce;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}
