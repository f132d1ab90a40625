import { describe, expect, it } from "vitest";
import { checkoutAfterReturn, isSettled } from "./checkout";

describe("checkout", () => {
  it("is in progress once the host came back from a page the provider took the payment on (at once or later)", () => {
    expect(checkoutAfterReturn("open", "succeeded")).toBe("in_progress");
    expect(checkoutAfterReturn("open", "pending")).toBe("in_progress");
    expect(checkoutAfterReturn("open", "open")).toBe("open");
    expect(checkoutAfterReturn("open", "failed")).toBe("declined");
  });

  it("keeps a checkout the webhook settled, whatever the page says afterwards", () => {
    expect(checkoutAfterReturn("paid", "pending")).toBe("paid");
    expect(checkoutAfterReturn("declined", "succeeded")).toBe("declined");
    expect(isSettled("paid")).toBe(true);
    expect(isSettled("declined")).toBe(true);
    expect(isSettled("in_progress")).toBe(false);
  });
});
