import { useState, type ComponentProps } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The default of a `<textarea>` (or a `<select>`) written by the server, which keeps what was typed
 * (or chosen) in it before the page hydrated. React 19, hydrating a textarea whose default is not
 * empty, sets its value to that default again (`initTextarea`), and a controlled textarea or select
 * takes its state's value at the first render after hydration: a review's answer the host changed
 * while the page's JavaScript loaded went back to the saved answer. In the render that hydrates, the
 * default is what the element `id` holds, so React sets what was typed; the server, and an element
 * the browser renders itself (after a navigation), take `value`. A controlled field starts its state
 * from it. (Here rather than in a module of its own: every page with a text box loads one file less.)
 */
export function useTypedDefault(id: string, value: string): string {
  const hydrated = useHydrated();
  const [typed] = useState(() => {
    if (hydrated || typeof document === "undefined") return undefined;
    // The field's value (a textarea's or a select's; undefined for any other element, or none).
    const held = (document.getElementById(id) as HTMLTextAreaElement | HTMLSelectElement | null)?.value;
    return held !== value ? held : undefined;
  });
  return typed ?? value;
}

type TextAreaProps = Omit<ComponentProps<"textarea">, "id" | "value" | "defaultValue"> & { id: string; defaultValue?: string };

/**
 * Every multi-line text box of the app: an uncontrolled `<textarea>` whose default the server writes
 * (what was saved, or sent with an error). What the user typed into it while the page's scripts
 * loaded stays once React hydrates it (`useTypedDefault`), where React alone puts the default back.
 */
export function TextArea({ id, defaultValue = "", ...props }: TextAreaProps) {
  return <textarea id={id} {...props} defaultValue={useTypedDefault(id, defaultValue)} />;
}
