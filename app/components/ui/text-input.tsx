import { FieldErrors } from "./form-errors";

/** A labelled input for forms without conform: errors and hint are tied to it for screen readers. */
export function TextInput({
  id: ownId,
  name,
  label,
  defaultValue,
  errors,
  hint,
  type = "text",
  ...rest
}: {
  /** Where one page has several forms with a field of the same name. */
  id?: string;
  name: string;
  label: string;
  defaultValue: string;
  errors?: string[];
  hint?: React.ReactNode;
  type?: "text" | "number" | "date" | "email" | "tel";
  min?: number | string;
  max?: number | string;
  step?: number | string;
  autoComplete?: string;
}) {
  const id = ownId ?? `field-${name.replaceAll(".", "-")}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-errors`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={[hintId, errors?.length ? errorId : undefined].filter(Boolean).join(" ") || undefined}
        {...rest}
      />
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
