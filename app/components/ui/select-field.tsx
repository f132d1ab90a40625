import { FieldErrors } from "./form-errors";

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled select with its errors below it, described by them while there are any. */
export function SelectField({
  id,
  name,
  label,
  value,
  options,
  errors,
  errorId = `${id}-errors`,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  errors?: string[] | undefined;
  errorId?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value} aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? errorId : undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
