import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { getZodConstraint, parseWithZod } from "~/lib/conform";

/**
 * A step form's conform state, validated in the browser by the schema its action parses: what the
 * host sent comes back with the errors (`lastResult`), what the step loaded is the start.
 */
export function useStepForm<Schema extends z.ZodType<Record<string, any>, Record<string, any>>>(
  schema: Schema,
  defaultValue: Record<string, unknown>,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // What the step loaded is the API's own data, in the shape the form sends.
    defaultValue: defaultValue as DefaultValue<z.input<Schema>>,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
