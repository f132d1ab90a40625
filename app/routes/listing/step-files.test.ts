import { describe, expect, it } from "vitest";
import { ALL_STEP_IDS } from "@domain/listing-steps";
import { STEP_FILES, stepsServedBy } from "./step-files";

describe("the step files of the listing wizards", () => {
  it("names every file after a step it serves itself", () => {
    for (const file of new Set(Object.values(STEP_FILES))) expect(STEP_FILES[file]).toBe(file);
  });

  it("serves every step exactly once", () => {
    const served = [...new Set(Object.values(STEP_FILES))].flatMap(stepsServedBy);
    expect(served.toSorted()).toEqual([...ALL_STEP_IDS].toSorted());
  });

  it("lists a file's own step first, then its twins", () => {
    expect(stepsServedBy("verification/info")).toEqual(["verification/info", "personal-details/info"]);
    expect(stepsServedBy("title")).toEqual(["title"]);
  });
});
