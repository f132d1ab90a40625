/** The addresses of a host's profile image: one file, served by GET /api/app/user/image; `v` changes with the image. */
export function profileImageUrls(imageKey: string | null) {
  if (!imageKey) return null;
  const url = `/api/app/user/image?v=${imageKey.slice(-16)}`;
  return { small: url, medium: url, large: url };
}
