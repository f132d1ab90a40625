import type { SubmissionResult } from "~/lib/conform";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { StepId } from "@domain/listing-steps";
import { constraintOf, parseWithZod } from "~/lib/conform.server";
import { replyWithApiError } from "~/lib/forms.server";
import { HostApiError } from "~/lib/host-api.server";
import { serverT } from "~/lib/i18n.server";
import { stepsServedBy, type StepFile } from "./step-files";
import { completeStep, requireStep, stepOfRequest, type Wizard, type WizardParams } from "./wizard.server";

type Context = Readonly<RouterContextProvider>;

interface RouteArgs {
  params: WizardParams & { kind: string };
  request: Request;
  context: Context;
}

/** What a step's load and save work with: the request's own, the wizard, and which step this is (a file may serve twins). */
export interface StepRequest extends RouteArgs {
  wizard: Wizard;
  step: StepId;
}

/** An answer that keeps the host on the step: error codes for the form, which translates them. */
export interface StepErrors {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
}

type FormSchema = z.ZodType<object>;

interface StepDefinition<Loaded extends object, Schema extends FormSchema, Other> {
  /** The step the route file is named after; the twins it also serves come from STEP_FILES. */
  id: StepFile;
  /** The form's fields and their rules (conform + zod), checked by the action; the component gets their constraint. None: a formless step. */
  schema?: Schema | ((request: StepRequest) => Schema);
  /** What the form shows (the step's title, its step id and the Back link come on their own). */
  load?: (request: StepRequest) => Loaded | Promise<Loaded>;
  /**
   * Saves what the host sent, once it is valid. Nothing to answer: the step is done and the host
   * goes on. Errors keep the host on the step with what they typed; a Response (a redirect back to
   * the step after one of its other forms) is answered as it is. A refusal of the host API thrown
   * here becomes form errors (replyWithApiError, with `apiErrors`).
   */
  save?: (request: StepRequest & { value: z.output<Schema>; form: FormData }) => Promise<void | StepErrors | Response>;
  /** How the API's field names map onto the form's (replyWithApiError's options). */
  apiErrors?: { apiPrefix?: string; rename?: Record<string, string> };
  /**
   * The page's other forms (the photo editor's buttons, a season's removal), told apart by what they
   * send: answered here, and the host stays on the step. `null` for the step's own form.
   */
  others?: (request: StepRequest & { form: FormData }) => Promise<Other | null>;
}

const NOTHING = z.object({});

/**
 * One step of the listing wizard from its definition: the route's loader (the step guard, the
 * title, the Back link and what `load` adds) and action (conform's parse of `schema`, `save`, API
 * refusals as form errors, then the next step). The route module exports them and its component;
 * see the README, "Adding a wizard step".
 */
export function defineStep<Loaded extends object = object, Schema extends FormSchema = typeof NOTHING, Other = never>(definition: StepDefinition<Loaded, Schema, Other>) {
  const steps = stepsServedBy(definition.id);

  async function open({ params, request, context }: RouteArgs) {
    const step = steps.length > 1 ? stepOfRequest(request, steps) : definition.id;
    const { wizard, backHref } = await requireStep(context, params, step);
    return { request: { params, request, context, wizard, step }, backHref };
  }

  async function loader(args: RouteArgs) {
    const { request, backHref } = await open(args);
    const loaded = definition.load ? await definition.load(request) : ({} as Loaded);
    const schema = schemaOf(request);
    const title = serverT(args.context)(`listing:step.${request.step}.title`);
    return { ...loaded, title, step: request.step, backHref, constraint: schema ? constraintOf(schema) : undefined };
  }

  function schemaOf(request: StepRequest): Schema | undefined {
    return typeof definition.schema === "function" ? definition.schema(request) : definition.schema;
  }

  async function action(args: RouteArgs) {
    const { request } = await open(args);
    const form = await args.request.formData();
    const other = await definition.others?.({ ...request, form });
    if (other !== undefined && other !== null) return other;
    const schema = (schemaOf(request) ?? NOTHING) as Schema;
    const submission = parseWithZod(form, { schema });
    if (submission.status !== "success") return data(submission.reply() as SubmissionResult<string[]>, { status: 400 });
    try {
      const answer = await definition.save?.({ ...request, value: submission.value, form });
      if (answer instanceof Response) return answer;
      if (answer) return data(submission.reply(answer) as SubmissionResult<string[]>, { status: 400 });
    } catch (error) {
      if (!(error instanceof HostApiError)) throw error;
      const { result, status, headers } = replyWithApiError(submission, error, { ...definition.apiErrors, fields: fieldsOf(schema) });
      return data(result as SubmissionResult<string[]>, { status, headers });
    }
    return completeStep(args.context, args.params, request.step);
  }

  return { loader, action };
}

/**
 * The names of a form's fields (`address.city` within an object), where the schema is an object: an
 * API error on any other name has no place on the form and is said as the form's.
 */
function fieldsOf(schema: FormSchema, prefix = ""): string[] | undefined {
  if (!(schema instanceof z.ZodObject)) return undefined;
  return Object.entries(schema.shape as Record<string, FormSchema>).flatMap(([key, inner]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return inner instanceof z.ZodObject ? fieldsOf(inner, name)! : [name];
  });
}
