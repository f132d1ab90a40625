import { useState, type FormEvent } from "react";
import { fieldPath, type FieldState, type FormAnswer } from "./form-errors";

// A module apart from the errors' components (`form-errors.tsx`), which most pages load alone.

/** What an action answers a form, with what the host sent (conform's `submission.reply()`). */
interface FormAnswerWithValues extends FormAnswer {
  initialValue?: Record<string, unknown> | null;
}

type Values = Record<string, unknown>;

/**
 * A form with errors under its fields and rows of fields, without conform's runtime in the browser
 * (decision 024): each field shows what the host sent (else the loaded `defaultValue`) and the
 * action's errors for it, by the same names conform gives (`taxes[1].amount`, "" for the form's
 * own). As with `useHostForm`, a field's errors go away when the host edits it. `form` goes on the
 * `<Form>`: the server validates, so the browser's own checks stay off as with conform.
 */
export function useFormFields(id: string, answer: FormAnswerWithValues | null | undefined, defaultValue: Values) {
  const [edited, setEdited] = useState<{ answer: typeof answer; paths: ReadonlySet<string> }>({ answer, paths: new Set() });
  const paths = edited.answer === answer ? edited.paths : new Set<string>();
  const values = answer?.initialValue ?? defaultValue;
  const errorsOf = (name: string) => (paths.has(fieldPath(name)) ? undefined : (answer?.error?.[name] ?? undefined));
  const fieldIn = (from: unknown, prefix: string) => (name: string): FieldState => ({
    name: prefix + name,
    initialValue: typeof from === "object" && from !== null ? (from as Values)[name] : undefined,
    errors: errorsOf(prefix + name),
  });
  function onInput(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as { name?: unknown }).name;
    if (typeof name !== "string" || !name || paths.has(fieldPath(name))) return;
    setEdited({ answer, paths: new Set(paths).add(fieldPath(name)) });
  }
  const formErrors = errorsOf("");
  return {
    form: { id, noValidate: true, onInput, "aria-describedby": formErrors?.length ? `${id}-errors` : undefined },
    errorId: `${id}-errors`,
    errors: formErrors,
    field: fieldIn(values, ""),
    /** The rows of a list field, each with its fields (`rows("taxes")[1].field("amount")` is `taxes[1].amount`). */
    rows: (name: string) => {
      const list = values[name];
      return (Array.isArray(list) ? list : []).map((row, index) => ({ key: `${name}-${index}`, field: fieldIn(row, `${name}[${index}].`) }));
    },
  };
}
