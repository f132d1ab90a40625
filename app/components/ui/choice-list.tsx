import { FieldErrors } from "./form-errors";

/** One choice among labelled options, as radio buttons in a fieldset (works without JavaScript). */
export function ChoiceList({
  name,
  legend,
  options,
  selected,
  errors,
  hint,
}: {
  name: string;
  legend: string;
  options: readonly { id: string; label: string }[];
  selected: string;
  errors?: string[];
  hint?: string;
}) {
  const errorId = `${name}-errors`;
  const hintId = hint ? `${name}-hint` : undefined;
  return (
    <fieldset className="field choice-list" aria-describedby={[hintId, errors?.length ? errorId : undefined].filter(Boolean).join(" ") || undefined}>
      <legend>{legend}</legend>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {options.map((option) => (
        <label key={option.id} className="choice">
          <input type="radio" name={name} value={option.id} defaultChecked={selected === option.id} />
          {option.label}
        </label>
      ))}
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}
