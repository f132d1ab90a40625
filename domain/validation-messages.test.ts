import { describe, expect, it } from "vitest";
import { codeOf } from "./validation-codes";
import { messageWithValues, readMessage } from "./validation-messages";

describe("messages that name values", () => {
  it("carry their values after the code, and read back with whole numbers as numbers", () => {
    const message = messageWithValues("discount_below_custom", { percent: 12, count: 3 });
    expect(message).toBe("discount_below_custom?percent=12&count=3");
    expect(readMessage(message)).toEqual({ code: "discount_below_custom", values: { percent: 12, count: 3 } });
    expect(readMessage(messageWithValues("listing_url_invalid", { provider: "Vrbo & Co" }))).toEqual({ code: "listing_url_invalid", values: { provider: "Vrbo & Co" } });
  });

  it("read a plain code without values, and a text that is no code as none", () => {
    expect(readMessage("required")).toEqual({ code: "required", values: {} });
    expect(readMessage("Too big: expected number to be <=99")).toBeNull();
    expect(readMessage("Is this 15%?")).toBeNull();
  });

  it("answer their code alone as the API's error type", () => {
    expect(codeOf({ code: "custom", message: "discount_below_weekly?percent=15&nights=7" })).toBe("discount_below_weekly");
  });
});
