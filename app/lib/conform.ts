/**
 * Every form's state in the browser (decision 023): the server validates, the browser shows its
 * answer. The action parses the schema with conform's `parseWithZod` (~/lib/conform.server) and
 * replies conform's `SubmissionResult`; this module reads that answer with the same names, ids and
 * attributes as conform's `useForm` and its `getFormProps`/`getInputProps`/`getSelectProps`/
 * `getTextareaProps`, without conform's runtime (about 8 KB gzip on every form page, issue 10 §7):
 * - a field is `fields.<name>` (`field.getFieldset()` for nested objects: `address.street`), its id
 *   `<form id>-<name>`, its errors' id `<field id>-error`, its HTML attributes from the loader's
 *   `constraintOf(schema)`;
 * - its value as loaded (`defaultValue`, or what the host sent when the page is the action's answer)
 *   is `initialValue`; `value` follows what the host types;
 * - an answer puts its errors on the fields and focuses the first field in error; sending the form
 *   clears the errors until the next answer; an answer without values (`reply({ resetForm: true })`)
 *   resets the form;
 * - editing a field whose value the server has seen takes back that field's errors only (and errors
 *   named after no field of the form); the others stay until the next answer.
 * The schema is a type here, never a value, so zod stays out of the page's JavaScript.
 */
import { useEffect, useEffectEvent, useId, useState, type FormEvent } from "react";
import type { z } from "zod";
// Types only (nothing of conform reaches the browser): what an action answers, as conform's server side writes it.
// oxlint-disable-next-line no-restricted-imports
import type { SubmissionResult } from "@conform-to/react";

export type { SubmissionResult };

/** What a field declares to the browser (conform's `Constraint`). */
interface Constraint {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
  pattern?: string;
  accept?: string;
}

/** What a form's fields declare to the browser (required, lengths, bounds): `constraintOf(schema)` of a loader. */
export type FormConstraint = Record<string, Constraint> | undefined;

type FormSchema = z.ZodType<Record<string, any>, Record<string, any>>;
type Values = Record<string, unknown>;

/** A value as a form holds it: text, lists and nested objects (conform's `FormValue`). */
export type FormValue<T> = T extends string | number | boolean | Date | bigint | null | undefined
  ? string | undefined
  : T extends File
    ? File | undefined
    : T extends (infer Item)[]
      ? string | FormValue<Item>[] | undefined
      : T extends Record<string, any>
        ? { [Key in keyof T]?: FormValue<T[Key]> } | undefined
        : unknown;

/** The fields of an object: `fields.address.getFieldset().street`. */
export type Fieldset<T> = { [Key in keyof Exclude<T, null | undefined>]-?: FieldMetadata<Exclude<T, null | undefined>[Key]> };

/** A field of a form (the part of conform's `FieldMetadata` the forms use). */
export interface FieldMetadata<T = unknown> extends Constraint {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  /** The value as loaded, or as sent when the page is the action's answer. */
  readonly initialValue: FormValue<T>;
  /** The value the form holds now (what the host typed). */
  readonly value: FormValue<T>;
  /** The errors of the last answer, until the host edits the field. */
  errors: string[] | undefined;
  getFieldset(): Fieldset<T>;
}

/** The form itself: its own errors (under the name "") and every error by field name. */
export interface FormMetadata<T = Values> extends FieldMetadata<T> {
  allErrors: Record<string, string[]>;
  noValidate: true;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

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

interface FormState {
  formId: string;
  /** The last answer taken in (an answer is taken in once). */
  result: SubmissionResult<string[]> | null | undefined;
  initialValue: Values;
  error: Record<string, string[]>;
  /** The fields whose value the server has seen: editing one of them takes back its errors. */
  validated: ReadonlySet<string>;
  /** What the form holds since the host typed in it (null: what it was loaded with). */
  typed: Values | null;
  /** The errors of an answer whose first field in error takes the focus (once, as it comes). */
  focus: Record<string, string[]> | null;
}

/** `address.street`, `rooms[0].beds` as path segments. */
const pathOf = (name: string): (string | number)[] => (name.match(/[^.[\]]+|\[\d+\]/g) ?? []).map((segment) => (segment.startsWith("[") ? Number(segment.slice(1, -1)) : segment));

function valueAt(values: unknown, name: string): unknown {
  let at = values;
  for (const segment of pathOf(name)) {
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, segment)) return undefined;
    at = (at as Values)[segment];
  }
  return at;
}

const isPlainObject = (value: unknown): value is Values => value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype;

/** Loaded values as a form holds them: numbers as text, `true` as "on" (conform's `serialize`). */
function serialize(value: unknown): unknown {
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, serialize(item)]));
  if (Array.isArray(value)) return value.map(serialize);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  return value ?? undefined;
}

/** Without empty text, empty lists and objects, null and empty files (conform's `normalize`). */
function normalize(value: unknown): unknown {
  if (isPlainObject(value)) {
    const entries = Object.entries(value).flatMap(([key, item]) => {
      const kept = normalize(item);
      return kept === undefined ? [] : [[key, kept] as const];
    });
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  if (Array.isArray(value)) return value.length ? value.map(normalize) : undefined;
  if (value === "" || value === null || (typeof File !== "undefined" && value instanceof File && value.size === 0)) return undefined;
  return value;
}

/** A form's values by their names, a name sent twice as a list (conform's submission payload). */
function payloadOf(form: HTMLFormElement): Values {
  const payload: Values = {};
  for (const [name, sent] of new FormData(form)) {
    const path = pathOf(name);
    let at: Record<string | number, unknown> = payload;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        const before = at[segment];
        at[segment] = before === undefined ? sent : Array.isArray(before) ? [...before, sent] : [before, sent];
      } else {
        at[segment] ??= typeof path[index + 1] === "number" ? [] : {};
        at = at[segment] as Record<string | number, unknown>;
      }
    });
  }
  return payload;
}

const isFieldElement = (element: unknown): element is HTMLInputElement =>
  element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && !["submit", "button", "reset"].includes(element.type));

/** The state of a form as loaded, or as the action's answer shows it (`reset`: as loaded, whatever the answer). */
function initialState(formId: string, { lastResult, defaultValue }: HostFormOptions, reset: boolean): FormState {
  const result = reset ? undefined : lastResult;
  const error = Object.fromEntries(Object.entries(result?.error ?? {}).filter((entry): entry is [string, string[]] => Boolean(entry[1])));
  return {
    formId,
    result: lastResult,
    initialValue: (normalize(result?.initialValue ?? serialize(defaultValue ?? {})) ?? {}) as Values,
    error,
    validated: new Set([...Object.keys(error), ...(result?.fields ?? [])]),
    typed: null,
    focus: null,
  };
}

/** The action's answer taken in: its errors (`null` keeps a field's as it is) and the fields it saw. */
function answered(state: FormState, options: HostFormOptions, result: SubmissionResult<string[]>): FormState {
  if (result.initialValue === null) return initialState(state.formId, options, true);
  const error: Record<string, string[]> = {};
  for (const [name, errors] of Object.entries(result.error ?? {})) {
    const kept = errors === null ? state.error[name] : errors;
    if (kept) error[name] = kept;
  }
  return { ...state, result, error, validated: new Set([...state.validated, ...Object.keys(error), ...(result.fields ?? [])]), focus: result.status === "error" ? error : null };
}

/**
 * Every form's state (see above). `lastResult` is the action's answer, `defaultValue` the loader's
 * values (read once, as the form mounts), `constraint` the loader's `constraintOf(schema)`.
 */
export function useHostForm<Schema extends FormSchema>(options: HostFormOptions) {
  const reactId = useId();
  const formId = options.id ?? reactId;
  let [state, setState] = useState(() => initialState(formId, options, false));
  if (state.formId !== formId) {
    state = initialState(formId, options, true);
    setState(state);
  } else if (options.lastResult && options.lastResult !== state.result) {
    state = answered(state, options, options.lastResult);
    setState(state);
  }
  // The document's events, as conform listens to them: a field may sit outside its <form> (`form="…"`).
  const onInput = useEffectEvent((event: Event) => {
    const form = document.forms.namedItem(formId);
    const element = event.target;
    if (!form || !form.isConnected || !isFieldElement(element) || element.form !== form || element.name === "") return;
    const typed = (normalize(payloadOf(form)) ?? {}) as Values;
    let { error } = state;
    if (state.validated.has(element.name)) {
      // The errors of the edited field go; those of the form itself and of its other fields stay.
      const others = new Set(["", ...Array.from(form.elements, (field) => (field as HTMLInputElement).name)]);
      others.delete(element.name);
      error = Object.fromEntries(Object.entries(error).filter(([name]) => others.has(name)));
    }
    setState({ ...state, error, typed });
  });
  const onReset = useEffectEvent((event: Event) => {
    if (event.target === document.forms.namedItem(formId) && !event.defaultPrevented) setState(initialState(formId, options, true));
  });
  useEffect(() => {
    document.addEventListener("input", onInput);
    document.addEventListener("reset", onReset);
    return () => {
      document.removeEventListener("input", onInput);
      document.removeEventListener("reset", onReset);
    };
  }, []);

  // Only a new answer moves the focus, not the edits after it.
  const { focus } = state;
  useEffect(() => {
    const form = focus ? document.forms.namedItem(formId) : null;
    if (!form) return;
    for (const element of Array.from(form.elements)) {
      if (isFieldElement(element) && focus?.[element.name]) {
        element.focus();
        break;
      }
    }
  }, [focus, formId]);

  const constraint = options.constraint ?? {};
  const field = (name: string): FieldMetadata<any> => {
    const id = name ? `${formId}-${name}` : formId;
    return {
      // Constraints of a row's field are declared once for all rows: `rooms[].beds`.
      ...(constraint[name] ?? constraint[name.replace(/\[\d+\](?!.*\[\d+\])/, "[]")]),
      id,
      name,
      formId,
      errorId: `${id}-error`,
      descriptionId: `${id}-description`,
      get initialValue() {
        return valueAt(state.initialValue, name) as never;
      },
      get value() {
        return valueAt(state.typed ?? state.initialValue, name) as never;
      },
      errors: state.error[name],
      getFieldset: () => fieldset(name) as never,
    };
  };
  const fieldset = (prefix: string) =>
    new Proxy({}, { get: (_, key) => (typeof key === "string" ? field(prefix ? `${prefix}.${key}` : key) : undefined) }) as Fieldset<z.input<Schema>>;

  // Object.assign keeps the field's getters (a spread would read them all).
  const form = Object.assign(field(""), {
    allErrors: state.error,
    noValidate: true as const,
    // Sending the form takes back every error until the answer comes.
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      const sent = Array.from(new FormData(event.currentTarget).keys());
      setState((current) => ({ ...current, error: {}, validated: new Set([...current.validated, ...sent]), focus: null }));
    },
  }) as FormMetadata<z.input<Schema>>;
  return [form, fieldset("")] as const;
}

// ---------------------------------------------------------------------------------------------
// The props of a form and its fields, as conform's helpers give them.

const defined = <T extends Record<string, unknown>>(props: T): T => Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined)) as T;

/** `aria-invalid` (on a field) and `aria-describedby` where the form or field has errors. */
function ariaOf(field: FieldMetadata<any>, isField: boolean) {
  const invalid = field.errors !== undefined;
  return { "aria-invalid": (isField && invalid) || undefined, "aria-describedby": invalid ? field.errorId : undefined };
}

/** Spread on `<Form>`: its id, the browser's own checks off, the submit that clears the errors. */
export function getFormProps(form: FormMetadata<any>) {
  return defined({ id: form.id, onSubmit: form.onSubmit, noValidate: form.noValidate, ...ariaOf(form, false) });
}

function controlOf(field: FieldMetadata<any>) {
  return { required: field.required || undefined, id: field.id, name: field.name, form: field.formId, ...ariaOf(field, true) };
}

/** A select or text field's value as text. */
const textOf = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

/** Spread on `<input>` (a `value` option for a checkbox or radio button: the value it sends). */
export function getInputProps(field: FieldMetadata<any>, options: { type: string; value?: string }) {
  const props: Record<string, unknown> = {
    ...controlOf(field),
    type: options.type,
    minLength: field.minLength,
    maxLength: field.maxLength,
    min: field.min,
    max: field.max,
    step: field.step,
    pattern: field.pattern,
    multiple: field.multiple,
    accept: field.accept,
  };
  const initial: unknown = field.initialValue;
  if (options.type === "checkbox" || options.type === "radio") {
    props.value = options.value ?? "on";
    props.defaultChecked = Array.isArray(initial) ? initial.includes(options.value) : initial === props.value;
  } else if (typeof initial === "string") props.defaultValue = initial;
  return defined(props) as ReturnType<typeof controlOf> & { key?: undefined; type: string; value?: string; defaultValue?: string; defaultChecked?: boolean } & Omit<Constraint, "required">;
}

/** Spread on `<select>`. */
export function getSelectProps(field: FieldMetadata<any>) {
  const initial: unknown = field.initialValue;
  return defined({ ...controlOf(field), multiple: field.multiple, defaultValue: Array.isArray(initial) ? initial.map((item) => `${item ?? ""}`) : textOf(initial) }) as ReturnType<typeof controlOf> & {
    key?: undefined;
    multiple?: boolean;
    defaultValue?: string | string[];
  };
}

/** Spread on `<textarea>`. */
export function getTextareaProps(field: FieldMetadata<any>) {
  return defined({ ...controlOf(field), minLength: field.minLength, maxLength: field.maxLength, defaultValue: textOf(field.initialValue) }) as ReturnType<typeof controlOf> & {
    key?: undefined;
    minLength?: number;
    maxLength?: number;
    defaultValue?: string;
  };
}
