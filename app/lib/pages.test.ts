import { describe, expect, it } from "vitest";
import { pagePathname, pageUrl, requestedPage } from "./pages";

describe("pageUrl", () => {
  it("reads the page of a document request as it is", () => {
    expect(pageUrl("http://localhost/account/payout?tab=1").href).toBe("http://localhost/account/payout?tab=1");
    expect(pagePathname("http://localhost/")).toBe("/");
  });

  it("reads the page a data request is for: without .data, and without the routes it names", () => {
    expect(pageUrl("http://localhost/account/payout.data").href).toBe("http://localhost/account/payout");
    expect(pageUrl("http://localhost/bookings/all.data?status=confirmed&_routes=routes%2Fbookings%2Flist").href).toBe("http://localhost/bookings/all?status=confirmed");
    expect(pageUrl("http://localhost/home.data?_routes=root").search).toBe("");
  });

  it("reads / and an address ending in a slash from their _.data", () => {
    expect(pagePathname("http://localhost/_.data")).toBe("/");
    expect(pagePathname("http://localhost/messages/_.data")).toBe("/messages/");
  });

  it("leaves a page whose own name ends in data alone", () => {
    expect(pagePathname("http://localhost/account/metadata")).toBe("/account/metadata");
  });
});

describe("requestedPage", () => {
  it("is the page's last segment, for its document and its data alike", () => {
    expect(requestedPage(new Request("http://localhost/account/payout"))).toBe("payout");
    expect(requestedPage(new Request("http://localhost/account/payout.data?_routes=routes%2Faccount%2Fpayout"))).toBe("payout");
  });
});
