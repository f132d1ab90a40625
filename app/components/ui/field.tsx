import type { FieldMetadata } from "@conform-to/react";
import { getInputProps, getTextareaProps } from "@conform-to/react";
import { useTranslation } from "~/lib/i18n";

/** Turns an error code from a schema or the API into words; unknown codes show as they came. */
export function useErrorText() {
  const { t } = useTranslation();
  return (message: string) => (/^[a-z0-9_]+$/.test(message) ? t(`validation.${message}`, { defaultValue: message }) : message);
}

/** A conform field for TextInput: its name, the value as sent (or loaded) and its errors. */
export function inputOf(field: FieldMetadata<unknown>) {
  return { name: field.name, defaultValue: typeof field.initialValue === "string" ? field.initialValue : "", errors: field.errors };
}

/** A conform field for ChoiceList: its name, the option chosen as sent (or loaded) and its errors. */
export function choiceOf(field: FieldMetadata<unknown>) {
  return { name: field.name, selected: typeof field.initialValue === "string" ? field.initialValue : "", errors: field.errors };
}

/** A conform field of checkboxes: the values chosen, as sent (or loaded). */
export function chosenOf(field: FieldMetadata<unknown>): Set<string> {
  const value = field.initialValue;
  return new Set((Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string"));
}

export function FieldErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  const text = useErrorText();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field__errors">
      {errors.map((error) => (
        <li key={error}>{text(error)}</li>
      ))}
    </ul>
  );
}

interface TextFieldProps {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  hint?: string;
}

export function TextField({ field, label, type = "text", autoComplete, hint }: TextFieldProps) {
  const { key, ...props } = getInputProps(field, { type });
  const hintId = hint ? `${field.id}-hint` : undefined;
  const describedBy = [hintId, field.errors?.length ? field.errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <input key={key} {...props} autoComplete={autoComplete} aria-describedby={describedBy} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextAreaField({ field, label, rows = 6 }: { field: FieldMetadata<string | undefined>; label: string; rows?: number }) {
  const { key, ...props } = getTextareaProps(field);
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea key={key} {...props} rows={rows} aria-describedby={field.errors?.length ? field.errorId : undefined} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** Every error of a form, its fields' as well, each once: for a form that shows them all in one place. */
export function allErrorsOf(form: { allErrors: Record<string, string[]> }): string[] {
  return [...new Set(Object.values(form.allErrors).flat())];
}

export function FormErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  const text = useErrorText();
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-errors" role="alert">
      {errors.map((error) => (
        <p key={error}>{text(error)}</p>
      ))}
    </div>
  );
}
