import { Button, usePending } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { FieldErrors, type FieldState } from "~/components/ui/form-errors";
import { TextArea as TextBox } from "~/components/ui/text-area";

/** A labelled checkbox of an account form; checked as sent (or loaded: "on"). */
export function Checkbox({ field, label, hint }: { field: FieldState; label: string; hint?: string }) {
  const id = `field-${field.name.replace(/[.[\]]+/g, "-")}`;
  const checked = field.initialValue === "on" || field.initialValue === true;
  return (
    <div className="field">
      <label className="choice" htmlFor={id}>
        <input id={id} type="checkbox" name={field.name} defaultChecked={checked} aria-describedby={hint ? `${id}-hint` : undefined} />
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={`${id}-errors`} errors={field.errors} />
    </div>
  );
}

/** A labelled select of an account form, with an empty first option when `empty` is given. */
export function Select({ field, label, options, empty }: { field: FieldState; label: string; options: readonly { value: string; label: string }[]; empty?: string }) {
  const id = `field-${field.name.replace(/[.[\]]+/g, "-")}`;
  const value = typeof field.initialValue === "string" ? field.initialValue : "";
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={field.name} defaultValue={value} aria-invalid={field.errors?.length ? true : undefined} aria-describedby={field.errors?.length ? `${id}-errors` : undefined}>
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrors id={`${id}-errors`} errors={field.errors} />
    </div>
  );
}

/** A labelled multi-line text of an account form. */
export function TextArea({ field, label, hint, maxLength }: { field: FieldState; label: string; hint?: string; maxLength?: number }) {
  const id = `field-${field.name.replace(/[.[\]]+/g, "-")}`;
  const describedBy = [hint ? `${id}-hint` : null, field.errors?.length ? `${id}-errors` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <TextBox id={id} name={field.name} rows={5} maxLength={maxLength} defaultValue={typeof field.initialValue === "string" ? field.initialValue : ""} aria-invalid={field.errors?.length ? true : undefined} aria-describedby={describedBy} />
      <FieldErrors id={`${id}-errors`} errors={field.errors} />
    </div>
  );
}

/** The primary Save button of an account form, disabled while the form is being sent. */
export function SaveButton() {
  const { t } = useTranslation();
  return (
    <Button variant="primary" pending={usePending()}>
      {t("account:save")}
    </Button>
  );
}
