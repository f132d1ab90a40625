import { describe, expect, it } from "vitest";
import { showsWelcomeTour, tutorialVideos, TUTORIALS } from "./tour";

describe("the welcome tour", () => {
  it("opens for a host until seen, or always when forced; never on a staff member's own account", () => {
    expect(showsWelcomeTour(false, false)).toBe(true);
    expect(showsWelcomeTour(true, false)).toBe(false);
    expect(showsWelcomeTour(true, true)).toBe(true);
    expect(showsWelcomeTour(false, false, "staff")).toBe(false);
    expect(showsWelcomeTour(false, true, "staff")).toBe(false);
  });

  it("has the six tutorials of §1 and reads configured https videos only", () => {
    expect(TUTORIALS).toHaveLength(6);
    expect(tutorialVideos(undefined)).toEqual({});
    expect(tutorialVideos("welcome=https://video.example/w.mp4, modifyPrices=http://insecure.example/p.mp4,nope=https://x.example,editProperty=")).toEqual({ welcome: "https://video.example/w.mp4" });
  });
});
