// The one place that may call useForm itself (.oxlintrc.json sends every form here).
// oxlint-disable-next-line no-restricted-imports
import { parse, useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import type { z } from "zod";

/** What a form's fields declare to the browser (required, lengths, bounds): `constraintOf(schema)` of a loader. */
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]>["constraint"];

type FormSchema = z.ZodType<Record<string, any>, Record<string, any>>;

interface HostFormOptions {
  /** Needed where one page has several forms of the same schema. */
  id?: string;
  /** What the action answered: the errors and what the host sent, which the form shows again. */
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** What the loader read, in the shape the form sends. */
  defaultValue?: Record<string, unknown>;
  /** The schema's constraint from the loader (`constraintOf`), for the fields' HTML attributes. */
  constraint?: FormConstraint;
}

/**
 * Every form's conform state. The server is the one validator: the action parses the schema, and
 * its answer (`lastResult`) puts the translated codes on the fields, with or without JavaScript.
 * The browser carries no zod; with JavaScript it only clears the error of a field the host edits
 * (the others stay until the next answer), so a corrected field does not go on saying it is wrong.
 * The schema is a type here, never a value, so it stays out of the page's JavaScript.
 */
export function useHostForm<Schema extends FormSchema>({ id, lastResult, defaultValue, constraint }: HostFormOptions) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    constraint,
    defaultValue: defaultValue as DefaultValue<z.input<Schema>>,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ form: element, formData }) =>
      parse<z.output<Schema>, string[]>(formData, {
        resolve: (value, intent) => {
          // A submit goes to the action, which decides; what it parses is not the browser's to type.
          if (intent?.type !== "validate") return { value: value as z.output<Schema> };
          // `null` keeps an error as it is (the form's own under ""); the edited field's is left out, which clears it.
          const names = new Set(["", ...Array.from(element.elements, (field) => (field as HTMLInputElement).name)]);
          names.delete(intent.payload.name ?? "");
          return { error: Object.fromEntries(Array.from(names, (name) => [name, null])) };
        },
      }),
  });
  return [form, fields] as const;
}
