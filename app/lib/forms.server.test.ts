import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseWithZod } from "./conform.server";
import { replyWithApiError } from "./forms.server";
import { HostApiError } from "./host-api.server";

const schema = z.object({ city: z.string().optional(), street: z.string().optional() });
const submission = () => {
  const form = new FormData();
  form.set("city", "Lisboa");
  form.set("street", "Rua Augusta");
  return parseWithZod(form, { schema });
};
const refusal = new HostApiError(400, "refused", { "location.city": [{ message: "m", type: "city_unknown" }], "location.countryCode": [{ message: "m", type: "required" }] }, [{ message: "m", type: "locked" }]);

describe("an API refusal on a form", () => {
  it("puts field errors on their fields and keeps what was typed", () => {
    const { result, status } = replyWithApiError(submission(), refusal, { apiPrefix: "location" });
    expect(status).toBe(400);
    expect(result.error).toMatchObject({ "": ["locked"], city: ["city_unknown"], countryCode: ["required"] });
    expect(result.initialValue).toMatchObject({ city: "Lisboa", street: "Rua Augusta" });
  });

  it("says an error on a field the form does not have as the form's, so that none goes unseen", () => {
    const { result } = replyWithApiError(submission(), refusal, { apiPrefix: "location", fields: ["city", "street"] });
    expect(result.error).toEqual({ "": ["locked", "required"], city: ["city_unknown"] });
  });

  it("leaves another host's object to the page: a 404 is thrown", () => {
    let thrown: unknown;
    try {
      replyWithApiError(submission(), new HostApiError(404, "not found", {}, []));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
});
