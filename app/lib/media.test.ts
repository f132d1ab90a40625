import { describe, expect, it } from "vitest";
import { hostApi } from "@contract/index";
import { pathOf } from "./host-api.server";
import { photoSrc } from "./media";

describe("photoSrc", () => {
  it("shows the API's photo file through the web's proxy", () => {
    expect(photoSrc(pathOf(hostApi.photos.file, { photoId: "pho_abc123" }))).toBe("/media/photos/pho_abc123");
  });
});
