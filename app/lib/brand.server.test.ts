import { describe, expect, it } from "vitest";
import { brandOf } from "./brand.server";
import type { HostApiTransport } from "./host-api.server";

describe("brandOf", () => {
  it("asks the API once per host name and keeps what it answered", async () => {
    const asked: string[] = [];
    const transport: HostApiTransport = {
      baseUrl: "http://api.test",
      hostFetch: async (request) => {
        asked.push(new URL(request.url).pathname);
        return Response.json({ brand: "stayhost", name: `Stayhost ${asked.length}`, stylesheet: null, helpCenterUrl: "https://help.example/hosts" });
      },
    };
    expect((await brandOf(transport, "kept.example")).name).toBe("Stayhost 1");
    expect((await brandOf(transport, "kept.example")).name).toBe("Stayhost 1");
    expect((await brandOf(transport, "other.kept.example")).name).toBe("Stayhost 2");
    expect(asked).toEqual(["/config/kept.example.json", "/config/other.kept.example.json"]);
  });

  it("keeps no refusal: the next page asks again", async () => {
    let down = true;
    const transport: HostApiTransport = {
      baseUrl: "http://api.test",
      hostFetch: async () =>
        down ? Response.json({ message: "down" }, { status: 503 }) : Response.json({ brand: "stayhost", name: "Stayhost", stylesheet: null, helpCenterUrl: "https://help.example/hosts" }),
    };
    await expect(brandOf(transport, "failing.example")).rejects.toThrow("down");
    down = false;
    expect((await brandOf(transport, "failing.example")).name).toBe("Stayhost");
  });
});
