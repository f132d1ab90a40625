import type { ComponentProps } from "react";
import { useTypedDefault } from "~/lib/use-typed-default";

type TextAreaProps = Omit<ComponentProps<"textarea">, "id" | "value" | "defaultValue"> & { id: string; defaultValue?: string };

/**
 * Every multi-line text box of the app: an uncontrolled `<textarea>` whose default the server writes
 * (what was saved, or sent with an error). What the user typed into it while the page's scripts
 * loaded stays once React hydrates it (`useTypedDefault`), where React alone puts the default back.
 */
export function TextArea({ id, defaultValue = "", ...props }: TextAreaProps) {
  return <textarea id={id} {...props} defaultValue={useTypedDefault(id, defaultValue)} />;
}
