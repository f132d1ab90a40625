import { useState, type FormEvent } from "react";
import { readMessage } from "@domain/validation-messages";
import { formatPercent } from "@domain/percent";
import { useTranslation } from "~/lib/i18n";
import { useFocusedOnLoad } from "~/lib/use-hydrated";

/** Turns an error code from a schema or the API into words, with the values it names; unknown codes show as they came. */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (message: string) => {
    const read = readMessage(message);
    if (!read) return message;
    // A message's `percent` is a number of percent, written as the page's language writes percentages.
    const { percent } = read.values;
    const values = typeof percent === "number" ? { ...read.values, percent: formatPercent(percent, i18n.language) } : read.values;
    return t(`validation.${read.code}`, { ...values, defaultValue: read.code });
  };
}

export function FieldErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  const text = useErrorText();
  const focusedOnLoad = useFocusedOnLoad();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field__errors" {...focusedOnLoad}>
      {errors.map((error) => (
        <li key={error}>{text(error)}</li>
      ))}
    </ul>
  );
}

/** Every error of a form, its fields' as well, each once: for a form that shows them all in one place. */
export function allErrorsOf(form: { allErrors: Record<string, string[]> }): string[] {
  return [...new Set(Object.values(form.allErrors).flat())];
}

export function FormErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  const text = useErrorText();
  const focusedOnLoad = useFocusedOnLoad();
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-errors" role="alert" {...focusedOnLoad}>
      {errors.map((error) => (
        <p key={error}>{text(error)}</p>
      ))}
    </div>
  );
}

/** What an action answers a form (conform's `submission.reply()`): the errors by field path, "" for the form's own. */
export interface FormAnswer {
  error?: Record<string, string[] | null> | null;
}

/** `rooms[0].beds.double` and the field named `rooms.0.beds.double` are the same field. */
export const fieldPath = (name: string) => name.replace(/\[(\d+)\]/g, ".$1");

/**
 * For a form that shows all its errors in one place and needs nothing else of conform (decision 024):
 * the action's errors, each once, without conform's runtime in the browser. As with `useHostForm`,
 * the errors of a field the host edits go away (the others stay until the next answer).
 */
export function useFormAnswerErrors(answer: FormAnswer | null | undefined) {
  const [edited, setEdited] = useState<{ answer: typeof answer; paths: ReadonlySet<string> }>({ answer, paths: new Set() });
  const paths = edited.answer === answer ? edited.paths : new Set<string>();
  const errors = Object.entries(answer?.error ?? {}).flatMap(([path, messages]) => (paths.has(fieldPath(path)) ? [] : (messages ?? [])));
  function onInput(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as { name?: unknown }).name;
    if (typeof name !== "string" || !name || paths.has(fieldPath(name))) return;
    setEdited({ answer, paths: new Set(paths).add(fieldPath(name)) });
  }
  return { errors: [...new Set(errors)], onInput };
}

/** A field as a form shows it: its name, the value sent (or loaded) and its errors. A conform field is one too. */
export interface FieldState {
  name: string;
  initialValue?: unknown;
  errors?: string[] | undefined;
}

/** A field for TextInput: its name, the value as sent (or loaded) and its errors. */
export function inputOf(field: FieldState) {
  return { name: field.name, defaultValue: typeof field.initialValue === "string" ? field.initialValue : "", errors: field.errors };
}

/** A field for ChoiceList: its name, the option chosen as sent (or loaded) and its errors. */
export function choiceOf(field: FieldState) {
  return { name: field.name, selected: typeof field.initialValue === "string" ? field.initialValue : "", errors: field.errors };
}

/** A field of checkboxes: the values chosen, as sent (or loaded). */
export function chosenOf(field: FieldState): Set<string> {
  const value = field.initialValue;
  return new Set((Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string"));
}
