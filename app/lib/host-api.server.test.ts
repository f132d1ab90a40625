import { describe, expect, it } from "vitest";
import { z } from "zod";
import { hostApi } from "@contract/index";
import { callHostApi, endpointCaller, endpointCallerWithHeaders, HostApiError, normaliseError, pathOf, type HostApiTransport } from "./host-api.server";

/** A transport whose hostFetch records each request and answers with `respond()`. */
function fakeTransport(respond: () => Response, headers?: Record<string, string>) {
  const requests: Request[] = [];
  const transport: HostApiTransport = {
    baseUrl: "https://api.test/v1/",
    headers,
    hostFetch: async (request) => {
      requests.push(request);
      return respond();
    },
  };
  return { transport, requests };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("normaliseError", () => {
  describe("errors list format", () => {
    it("groups field errors by field", () => {
      const error = normaliseError(422, {
        message: "Validation failed",
        errors: [
          { field: "email", message: "Email is taken", type: "email_taken" },
          { field: "password", message: "Too short", type: "password_too_short" },
          { field: "email", message: "Email is invalid", type: "email_invalid" },
        ],
      });
      expect(error).toBeInstanceOf(HostApiError);
      expect(error).toBeInstanceOf(Error);
      expect(error.status).toBe(422);
      expect(error.message).toBe("Validation failed");
      expect(error.fieldErrors).toEqual({
        email: [
          { message: "Email is taken", type: "email_taken" },
          { message: "Email is invalid", type: "email_invalid" },
        ],
        password: [{ message: "Too short", type: "password_too_short" }],
      });
      expect(error.formErrors).toEqual([]);
    });

    it("puts errors without a field into formErrors", () => {
      const error = normaliseError(400, {
        errors: [
          { field: null, message: "Account locked", type: "locked" },
          { message: "Try later", type: "rate_limited" },
          { field: "", message: "Empty field", type: "x" },
        ],
      });
      expect(error.fieldErrors).toEqual({});
      expect(error.formErrors).toEqual([
        { message: "Account locked", type: "locked" },
        { message: "Try later", type: "rate_limited" },
        { message: "Empty field", type: "x" },
      ]);
    });

    it("defaults a missing type to invalid", () => {
      const error = normaliseError(422, { errors: [{ field: "name", message: "Bad name" }, { field: null, message: "Bad form" }] });
      expect(error.fieldErrors).toEqual({ name: [{ message: "Bad name", type: "invalid" }] });
      expect(error.formErrors).toEqual([{ message: "Bad form", type: "invalid" }]);
    });

    it("takes the first error's message without a top-level message", () => {
      expect(normaliseError(422, { errors: [{ field: "a", message: "First" }, { field: "b", message: "Second" }] }).message).toBe("First");
      expect(normaliseError(422, { errors: [] }).message).toBe("Request failed");
    });
  });

  describe("message-only format", () => {
    it("becomes a form error typed http_<status>", () => {
      const error = normaliseError(404, { message: "Not found" });
      expect(error.status).toBe(404);
      expect(error.message).toBe("Not found");
      expect(error.fieldErrors).toEqual({});
      expect(error.formErrors).toEqual([{ message: "Not found", type: "http_404" }]);
    });
  });

  describe("problem details format", () => {
    it("maps invalidParams onto field errors", () => {
      const error = normaliseError(400, {
        type: "https://example.com/problems/validation",
        title: "Invalid request",
        detail: "Some parameters are invalid",
        invalidParams: [
          { name: "checkIn", reason: "must be in the future" },
          { name: "guests", reason: "too many", type: "too_big" },
          { name: "checkIn", reason: "must be a date", type: "date" },
        ],
      });
      expect(error.status).toBe(400);
      expect(error.message).toBe("Some parameters are invalid");
      expect(error.fieldErrors).toEqual({
        checkIn: [
          { message: "must be in the future", type: "invalid" },
          { message: "must be a date", type: "date" },
        ],
        guests: [{ message: "too many", type: "too_big" }],
      });
      expect(error.formErrors).toEqual([]);
    });

    it("makes detail a form error without invalidParams", () => {
      const error = normaliseError(409, { type: "about:blank", title: "Conflict", detail: "The dates are taken" });
      expect(error.message).toBe("The dates are taken");
      expect(error.fieldErrors).toEqual({});
      expect(error.formErrors).toEqual([{ message: "The dates are taken", type: "http_409" }]);
    });

    it("makes detail a form error with an empty invalidParams list", () => {
      const error = normaliseError(400, { title: "Bad", detail: "Nothing specific", invalidParams: [] });
      expect(error.formErrors).toEqual([{ message: "Nothing specific", type: "http_400" }]);
    });

    it("falls back to the title without detail", () => {
      const error = normaliseError(403, { type: "about:blank", title: "Forbidden" });
      expect(error.message).toBe("Forbidden");
      expect(error.formErrors).toEqual([{ message: "Forbidden", type: "http_403" }]);
    });
  });

  describe("unknown bodies", () => {
    it.each([null, undefined, "oops", 42, [], {}, { type: "about:blank" }])("%j becomes a generic error", (body) => {
      const error = normaliseError(500, body);
      expect(error.status).toBe(500);
      expect(error.message).toBe("Request failed with status 500");
      expect(error.fieldErrors).toEqual({});
      expect(error.formErrors).toEqual([{ message: "Request failed", type: "http_500" }]);
    });
  });
});

describe("HostApiError.all", () => {
  it("lists general errors first, then every field error", () => {
    const error = new HostApiError(
      422,
      "Validation failed",
      {
        email: [{ message: "Email is taken", type: "email_taken" }],
        password: [{ message: "Too short", type: "password_too_short" }],
      },
      [{ message: "Try again", type: "http_422" }],
    );
    expect([...error.formErrors, ...Object.values(error.fieldErrors).flat()].map((e) => e.type)).toEqual(["http_422", "email_taken", "password_too_short"]);
  });
});

describe("callHostApi", () => {
  it("sends a JSON body with a JSON content type", async () => {
    const { transport, requests } = fakeTransport(() => json({ ok: true }, 201));
    const result = await callHostApi(transport, "POST", "/v1/bookings", { body: { guests: 2, name: "Anna" } });
    expect(result).toEqual({ status: 201, data: { ok: true }, headers: expect.any(Headers) });
    const [request] = requests;
    expect(request!.method).toBe("POST");
    expect(request!.url).toBe("https://api.test/v1/bookings");
    expect(request!.headers.get("content-type")).toBe("application/json");
    expect(request!.headers.get("accept")).toBe("application/json");
    expect(await request!.json()).toEqual({ guests: 2, name: "Anna" });
  });

  it("sends URLSearchParams bodies as form data", async () => {
    const { transport, requests } = fakeTransport(() => json({}));
    await callHostApi(transport, "POST", "/oauth/token", { body: new URLSearchParams({ grant_type: "password", username: "a@b.c" }) });
    const [request] = requests;
    expect(request!.headers.get("content-type")).toMatch(/^application\/x-www-form-urlencoded/);
    expect(await request!.text()).toBe("grant_type=password&username=a%40b.c");
  });

  it("sends no body and no content type without a body", async () => {
    const { transport, requests } = fakeTransport(() => json({}));
    await callHostApi(transport, "GET", "/me");
    expect(requests[0]!.headers.has("content-type")).toBe(false);
    expect(requests[0]!.body).toBeNull();
  });

  it("adds query parameters, skipping undefined ones", async () => {
    const { transport, requests } = fakeTransport(() => json([]));
    await callHostApi(transport, "GET", "/bookings", { query: { page: 2, status: "upcoming", q: "a b&c", skip: undefined } });
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe("/bookings");
    expect(url.searchParams.get("page")).toBe("2");
    expect(url.searchParams.get("status")).toBe("upcoming");
    expect(url.searchParams.get("q")).toBe("a b&c");
    expect(url.searchParams.has("skip")).toBe(false);
  });

  it("sends the bearer token and the transport's extra headers", async () => {
    const { transport, requests } = fakeTransport(() => json({}), { "x-client-ip": "203.0.113.5", "x-impersonate": "42" });
    await callHostApi(transport, "GET", "/me", { token: "tok-123" });
    const headers = requests[0]!.headers;
    expect(headers.get("authorization")).toBe("Bearer tok-123");
    expect(headers.get("x-client-ip")).toBe("203.0.113.5");
    expect(headers.get("x-impersonate")).toBe("42");
  });

  it("sends no authorization header without a token", async () => {
    const { transport, requests } = fakeTransport(() => json({}));
    await callHostApi(transport, "GET", "/public");
    expect(requests[0]!.headers.has("authorization")).toBe(false);
  });

  it("parses the answer with the schema", async () => {
    const { transport } = fakeTransport(() => json({ id: "7", name: "Anna", extra: true }));
    const schema = z.object({ id: z.coerce.number(), name: z.string() });
    const { data } = await callHostApi(transport, "GET", "/me", { schema });
    expect(data).toEqual({ id: 7, name: "Anna" });
  });

  it("throws when the answer does not match the schema", async () => {
    const { transport } = fakeTransport(() => json({ id: "x" }));
    await expect(callHostApi(transport, "GET", "/me", { schema: z.object({ id: z.number() }) })).rejects.toBeInstanceOf(z.ZodError);
  });

  it("answers null data for an empty body", async () => {
    const { transport } = fakeTransport(() => new Response(null, { status: 204 }));
    expect(await callHostApi(transport, "DELETE", "/bookings/1")).toEqual({ status: 204, data: null, headers: expect.any(Headers) });
  });

  it("throws a normalised HostApiError with the status on a non-2xx answer", async () => {
    const { transport } = fakeTransport(() => json({ errors: [{ field: "email", message: "Taken", type: "email_taken" }] }, 422));
    const error = await callHostApi(transport, "POST", "/users", { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HostApiError);
    const apiError = error as HostApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.fieldErrors).toEqual({ email: [{ message: "Taken", type: "email_taken" }] });
  });

  it("does not parse an error body with the schema", async () => {
    const { transport } = fakeTransport(() => json({ message: "Forbidden" }, 403));
    const error = await callHostApi(transport, "GET", "/me", { schema: z.object({ id: z.number() }) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HostApiError);
    expect((error as HostApiError).formErrors).toEqual([{ message: "Forbidden", type: "http_403" }]);
  });

  it("turns a non-JSON error body into a message", async () => {
    const { transport } = fakeTransport(() => new Response("Bad Gateway from upstream", { status: 502 }));
    const error = await callHostApi(transport, "GET", "/me").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HostApiError);
    const apiError = error as HostApiError;
    expect(apiError.status).toBe(502);
    expect(apiError.message).toBe("Bad Gateway from upstream");
    expect(apiError.formErrors).toEqual([{ message: "Bad Gateway from upstream", type: "http_502" }]);
  });

  it("cuts a long non-JSON error body to 200 characters", async () => {
    const { transport } = fakeTransport(() => new Response("x".repeat(1000), { status: 500 }));
    const error = (await callHostApi(transport, "GET", "/me").catch((e: unknown) => e)) as HostApiError;
    expect(error.message).toBe("x".repeat(200));
  });

  it("throws a generic error for an empty error body", async () => {
    const { transport } = fakeTransport(() => new Response(null, { status: 503 }));
    const error = (await callHostApi(transport, "GET", "/me").catch((e: unknown) => e)) as HostApiError;
    expect(error).toBeInstanceOf(HostApiError);
    expect(error.status).toBe(503);
    expect(error.formErrors).toEqual([{ message: "Request failed", type: "http_503" }]);
  });
});

describe("normaliseError for OAuth token errors", () => {
  it("keeps the OAuth error and its description", () => {
    const error = normaliseError(400, { error: "invalid_grant", error_description: "Invalid authorization code" });
    expect(error.message).toBe("invalid_grant: Invalid authorization code");
    expect(error.formErrors).toEqual([{ message: "invalid_grant: Invalid authorization code", type: "oauth_invalid_grant" }]);
  });
});

describe("the typed client", () => {
  it("fills path parameters (encoded), passes query and body, and names the declared method", async () => {
    const sent: { method: string; path: string; options: unknown }[] = [];
    const call = endpointCaller(async (method, path, options) => {
      sent.push({ method, path, options });
      return null as never;
    });
    await call(hostApi.units.update, { params: { id: "unt/1 2" }, body: { title: "Sea view" } });
    await call(hostApi.properties.listItems, { query: { "criteria[search]": "", page: 2 } });
    expect(sent).toEqual([
      { method: "PATCH", path: "/api/app/property-unit/unt%2F1%202", options: { query: undefined, body: { title: "Sea view" } } },
      { method: "GET", path: "/api/app/property-list", options: { query: { "criteria[search]": undefined, page: "2" }, body: undefined } },
    ]);
  });

  it("sends a multipart endpoint's form as it is, with the content type fetch gives it", async () => {
    const { transport, requests } = fakeTransport(() => json({ items: [] }, 201));
    const call = endpointCaller(async (method, path, options) => (await callHostApi(transport, method, path, options)).data as never);
    const form = new FormData();
    form.append("photos", new File(["bytes"], "a.png", { type: "image/png" }));
    await call(hostApi.photos.upload, { params: { id: "unt_1" }, body: form });
    expect(requests[0]!.method).toBe("POST");
    expect(new URL(requests[0]!.url).pathname).toBe("/api/app/property-unit/unt_1/photos");
    expect(requests[0]!.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(((await requests[0]!.formData()).get("photos") as File).name).toBe("a.png");
  });

  it("sends the headers an endpoint declares, as the If-Match of a change made from a version", async () => {
    const { transport, requests } = fakeTransport(() => json({}));
    const call = endpointCaller(async (method, path, options) => (await callHostApi(transport, method, path, options)).data as never);
    await call(hostApi.pricing.setDayPrices, { params: { id: "unt_1" }, headers: { "if-match": '"7"' }, body: { dateFrom: "2027-07-01", dateTo: "2027-07-02", price: 12_000 } });
    expect(requests[0]!.headers.get("if-match")).toBe('"7"');
    await call(hostApi.pricing.setDayPrices, { params: { id: "unt_1" }, body: { dateFrom: "2027-07-01", dateTo: "2027-07-02", price: 12_000 } });
    expect(requests[1]!.headers.has("if-match")).toBe(false);
  });

  it("answers the headers a success declares, by their declared names, and refuses an answer without one", async () => {
    let etag: string | null = '"7"';
    const { transport } = fakeTransport(() => new Response(JSON.stringify({ currency: "EUR" }), { headers: { "content-type": "application/json", ...(etag ? { etag } : {}), "x-other": "1" } }));
    const read = endpointCallerWithHeaders(async (method, path, options) => callHostApi(transport, method, path, options) as never);
    const answer = await read(hostApi.pricing.configuration, { params: { id: "unt_1" } });
    expect(answer).toEqual({ data: { currency: "EUR" }, headers: { ETag: '"7"' } });
    etag = null;
    await expect(read(hostApi.pricing.configuration, { params: { id: "unt_1" } })).rejects.toThrow(/ETag/);
  });

  it("keeps a refusal's whole answer: a stale edit's current values", async () => {
    const stale = { message: "Changed in the meantime", errors: [{ field: null, message: "Changed", type: "stale_version" }], current: { version: 8 } };
    const { transport } = fakeTransport(() => json(stale, 409));
    const error = (await callHostApi(transport, "PATCH", "/prices").catch((e: unknown) => e)) as HostApiError;
    expect(error.formErrors).toEqual([{ message: "Changed", type: "stale_version" }]);
    expect(error.body).toEqual(stale);
  });

  it("refuses to call a path whose parameter is missing", () => {
    expect(() => pathOf(hostApi.properties.get, {})).toThrow("needs the path parameter id");
  });
});
