import { data } from "react-router";

/**
 * An API's answer with a file, passed on to the browser as it arrives: the Worker never holds the
 * file (decision 035). The browser gets the answer's headers named in `keep` (its type by default,
 * `application/octet-stream` when it names none) and the route's own `set` over them. A refusal is
 * this route's 404 where the API's status is one of `notFound`, else 502 (it failed on the way);
 * its body is dropped unread.
 */
export async function passOn(
  response: Response,
  { keep = ["content-type"], set = {}, notFound = [404] }: { keep?: string[]; set?: Record<string, string>; notFound?: number[] } = {},
): Promise<Response> {
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw data(null, { status: notFound.includes(response.status) ? 404 : 502 });
  }
  const headers = new Headers({ "content-type": "application/octet-stream" });
  for (const name of keep) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  for (const [name, value] of Object.entries(set)) headers.set(name, value);
  return new Response(response.body, { headers });
}
