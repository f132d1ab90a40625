import { data } from "react-router";
import type { Route } from "./+types/tax-report-file";
import { hostApi } from "@contract/index";
import { signedInStream } from "~/lib/auth.server";
import { passOn } from "~/lib/pass-on.server";

/**
 * A year's DAC7 report as a download: the host API's stream passed on to the browser as it arrives
 * (the browser holds only the session cookie; the Worker never holds the file), the shape every
 * download of the web takes. The route is outside the shell's layout (app/routes.ts): only the
 * session comes before the API's answer, not the shell's call (decision 035).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!/^\d{4}$/.test(params.year)) throw data(null, { status: 404 });
  const response = await signedInStream(request, context, hostApi.reports.dac7, { year: Number(params.year) });
  // A year without a report, or one that is no report's year (400), is not found; the file keeps its name.
  return passOn(response, { keep: ["content-type", "content-disposition", "cache-control"], notFound: [400, 404] });
}
