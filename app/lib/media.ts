import { href } from "react-router";

/**
 * The API names a photo's file by its own path (`url` of a photo, `image` of a unit, `thumbnail` of
 * a property: GET photos/{photoId} of the contract), which needs a bearer token; pages show it
 * through the web's session-checked proxy (`/media/photos/{photoId}`). The photo's id is the path's
 * last segment (media.test.ts holds this against the contract); browsers get this module, so it
 * does not load the contract itself.
 */
export function photoSrc(apiUrl: string): string {
  return href("/media/photos/:photoId", { photoId: apiUrl.slice(apiUrl.lastIndexOf("/") + 1) });
}
