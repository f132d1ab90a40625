import { useState } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * The default of a `<textarea>` (or a `<select>`) written by the server, which keeps what was typed
 * (or chosen) in it before the page hydrated. React 19, hydrating a textarea whose default is not
 * empty, sets its value to that default again (`initTextarea`), and a controlled textarea or select
 * takes its state's value at the first render after hydration: a review's answer the host changed
 * while the page's JavaScript loaded went back to the saved answer. In the render that hydrates, the
 * default is what the element `id` holds, so React sets what was typed; the server, and an element
 * the browser renders itself (after a navigation), take `value`. A controlled field starts its state
 * from it.
 */
export function useTypedDefault(id: string, value: string): string {
  const hydrated = useHydrated();
  const [typed] = useState(() => {
    if (hydrated || typeof document === "undefined") return undefined;
    const element = document.getElementById(id);
    return (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) && element.value !== value ? element.value : undefined;
  });
  return typed ?? value;
}
