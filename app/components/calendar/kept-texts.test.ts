import { describe, expect, it } from "vitest";
import { keptTexts } from "./kept-texts";

describe("keptTexts", () => {
  it("writes a value once per formatter, and starts again when full", () => {
    const kept = keptTexts<object, number>(2);
    const [a, b] = [{}, {}];
    let writes = 0;
    const write = (text: string) => () => `${text} ${++writes}`;
    expect(kept(a, 1, write("a1"))).toBe("a1 1");
    expect(kept(a, 1, write("again"))).toBe("a1 1");
    expect(kept(b, 1, write("b1"))).toBe("b1 2");
    expect(kept(a, 2, write("a2"))).toBe("a2 3");
    expect(kept(a, 3, write("a3"))).toBe("a3 4");
    expect(kept(a, 1, write("a1"))).toBe("a1 5");
  });
});
