/**
 * The API names photos by its own path (`/api/app/photos/{id}`), which needs a bearer token; pages
 * show them through the web's session-checked proxy (`/media/photos/{id}`).
 */
export function photoSrc(apiUrl: string): string {
  return apiUrl.replace(/^\/api\/app\/photos\//, "/media/photos/");
}
