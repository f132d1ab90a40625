/**
 * What the property list's address asks for: the search (trimmed, at most 100 characters, or none)
 * and the page (1–10 000, else the first). Read by the list's loader and by the sign-in middleware,
 * which asks for the list as it opens (no search) with the shell's call (decision 024).
 */
export function propertyListQuery(url: URL): { search: string; page: number } {
  const search = (url.searchParams.get("search") ?? "").trim();
  const page = Number(url.searchParams.get("page") ?? 1);
  return { search: search.length <= 100 ? search : "", page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1 };
}
