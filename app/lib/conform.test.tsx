// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
// The reference: the browser's forms once ran on conform's own runtime, whose markup ours must keep.
// oxlint-disable-next-line no-restricted-imports
import * as conform from "@conform-to/react";
import * as ours from "./conform";

afterEach(cleanup);

type Answer = ours.SubmissionResult<string[]> | undefined;
type Helpers = Pick<typeof ours, "getFormProps" | "getInputProps" | "getSelectProps" | "getTextareaProps">;

const constraint: ours.FormConstraint = {
  name: { required: true, maxLength: 80 },
  guests: { required: true, min: 1, max: 16 },
  country: { required: true },
  about: { maxLength: 500 },
  "address.street": { required: true },
};
const loaded = { name: "Sea loft", guests: 4, country: "HR", about: "", accept: true, kind: "flat", address: { street: "Riva 1" }, amenities: ["wifi", "parking"] };

const options = (answer: Answer) => ({ id: "sample", lastResult: answer, defaultValue: loaded, constraint });

/** One form of every kind of field the app's forms have, on conform's runtime or on ours. */
function SampleForm({ form, fields, helpers }: { form: any; fields: any; helpers: Helpers }) {
  const address = fields.address.getFieldset();
  return (
    <form {...helpers.getFormProps(form)}>
      <p id={form.errorId}>{form.errors?.join()}</p>
      <input {...helpers.getInputProps(fields.name, { type: "text" })} />
      <input {...helpers.getInputProps(fields.guests, { type: "number" })} />
      <select {...helpers.getSelectProps(fields.country)}>
        <option value="HR">HR</option>
        <option value="IT">IT</option>
      </select>
      <textarea {...helpers.getTextareaProps(fields.about)} />
      <input {...helpers.getInputProps(fields.accept, { type: "checkbox" })} />
      <input {...helpers.getInputProps(fields.kind, { type: "radio", value: "flat" })} />
      <input {...helpers.getInputProps(fields.kind, { type: "radio", value: "house" })} />
      <input {...helpers.getInputProps(address.street, { type: "text" })} />
      <p id={address.street.errorId}>{address.street.errors?.join()}</p>
      <output>{JSON.stringify([fields.amenities.initialValue, fields.name.value, Object.keys(form.allErrors)])}</output>
    </form>
  );
}

// What an action answers an invalid form (`submission.reply()` of parseWithZod).
const invalid: Answer = {
  status: "error",
  initialValue: { name: "", guests: "40", country: "IT", about: "Quiet", kind: "house", address: { street: "" } },
  error: { "": ["stale_version"], name: ["required"], guests: ["too_big"], "address.street": ["required"] },
  fields: ["name", "guests", "country", "about", "kind", "address.street"],
};

function ConformPage({ answer }: { answer: Answer }) {
  const [form, fields] = conform.useForm(options(answer) as never);
  return <SampleForm form={form} fields={fields} helpers={conform as unknown as Helpers} />;
}

function OurPage({ answer }: { answer: Answer }) {
  const [form, fields] = ours.useHostForm(options(answer));
  return <SampleForm form={form} fields={fields} helpers={ours} />;
}

const errorsOf = (id: string) => document.getElementById(id)!.textContent;

describe("useHostForm", () => {
  for (const [name, answer] of [
    ["as loaded", undefined],
    ["as the action's answer with errors", invalid],
  ] as const) {
    it(`renders the markup conform rendered, ${name}`, () => {
      expect(renderToString(<OurPage answer={answer} />)).toBe(renderToString(<ConformPage answer={answer} />));
    });
  }

  it("takes back the errors of the field the host edits only, clears them all when sent, and shows and focuses the next answer's", () => {
    const { container, rerender } = render(<OurPage answer={undefined} />);
    const input = (name: string) => container.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    expect(input("name").getAttribute("aria-invalid")).toBeNull();

    rerender(<OurPage answer={invalid} />);
    expect(input("name").getAttribute("aria-invalid")).toBe("true");
    expect(input("name").getAttribute("aria-describedby")).toBe("sample-name-error");
    expect(document.activeElement).toBe(input("name"));
    expect(errorsOf("sample-error")).toBe("stale_version");

    act(() => void fireEvent.input(input("address.street"), { target: { value: "Riva 2" } }));
    expect(errorsOf("sample-address.street-error")).toBe("");
    expect(input("name").getAttribute("aria-invalid")).toBe("true");
    expect(input("guests").getAttribute("aria-invalid")).toBe("true");
    expect(errorsOf("sample-error")).toBe("stale_version");

    act(() => void fireEvent.input(input("name"), { target: { value: "Sea view loft" } }));
    expect(input("name").getAttribute("aria-invalid")).toBeNull();
    expect(container.querySelector("output")!.textContent).toBe(JSON.stringify([["wifi", "parking"], "Sea view loft", ["", "guests"]]));

    act(() => void fireEvent.submit(container.querySelector("form")!));
    expect(input("guests").getAttribute("aria-invalid")).toBeNull();
    expect(errorsOf("sample-error")).toBe("");

    rerender(<OurPage answer={{ ...invalid, error: { guests: ["too_big"] } }} />);
    expect(input("guests").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(input("guests"));

    // An answer that resets the form (`reply({ resetForm: true })`) shows it as loaded.
    rerender(<OurPage answer={{ initialValue: null }} />);
    expect(input("guests").getAttribute("aria-invalid")).toBeNull();
    expect(container.querySelector("output")!.textContent).toBe(JSON.stringify([["wifi", "parking"], "Sea loft", []]));
  });
});
