import { type FieldMetadata, getInputProps, getTextareaProps } from "~/lib/conform";
import { FieldErrors } from "./form-errors";
import { TextArea } from "./text-area";

// The errors' components have a module of their own, which a form without conform in the browser uses alone.
export { allErrorsOf, choiceOf, chosenOf, FieldErrors, FormErrors, inputOf, useErrorText } from "./form-errors";

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
      <TextArea key={key} {...props} rows={rows} aria-describedby={field.errors?.length ? field.errorId : undefined} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
