import { describe, expect, it } from "vitest";
import { showsWelcomeTour, tutorialVideos, TUTORIALS } from "./tour";

describe("the welcome tour", () => {
  it("opens until seen, or always when forced", () => {
    expect(showsWelcomeTour(false, false)).toBe(true);
    expect(showsWelcomeTour(true, false)).toBe(false);
    expect(showsWelcomeTour(true, true)).toBe(true);
  });

  it("has the six tutorials of §1 and reads configured https videos only", () => {
    expect(TUTORIALS).toHaveLength(6);
    expect(tutorialVideos(undefined)).toEqual({});
    expect(tutorialVideos("welcome=https://video.example/w.mp4, modifyPrices=http://insecure.example/p.mp4,nope=https://x.example,editProperty=")).toEqual({ welcome: "https://video.example/w.mp4" });
  });
});
