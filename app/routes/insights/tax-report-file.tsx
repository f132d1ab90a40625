import type { Route } from "./+types/tax-report-file";
import { hostApi } from "@contract/index";
import { requireAuth, signedInStream } from "~/lib/auth.server";
import { passOnFile } from "~/lib/pass-on.server";
import { NotFoundPage } from "~/routes/not-found-page";
import { refusedFilePage } from "~/routes/not-found.server";

/**
 * A year's DAC7 report as a download: the host API's stream passed on to the browser as it arrives
 * (the browser holds only the session cookie; the Worker never holds the file), the shape every
 * download of the web takes. The route is outside the shell's layout (app/routes.ts): only the
 * session comes before the API's answer, not the shell's call (decision 035). A year without a
 * report, or one that is no report's year (400), is not found: the link followed gets the
 * not-found page in the shell (requireAuth runs only then).
 */
export const middleware: Route.MiddlewareFunction[] = [
  passOnFile(
    async ({ request, params, context }) =>
      /^\d{4}$/.test(params.year) ? signedInStream(request, context, hostApi.reports.dac7, { year: Number(params.year) }) : new Response(null, { status: 404 }),
    { keep: ["content-type", "content-disposition", "cache-control"], notFound: [400, 404] },
  ),
  requireAuth,
];

/** Only when the API refused the file (passOnFile): the page that says so. */
export async function loader({ context }: Route.LoaderArgs) {
  return refusedFilePage(context);
}

export default function TaxReportNotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundPage {...loaderData} />;
}
