import { href, Link, redirect } from "react-router";
import type { Route } from "./+types/request-confirmation";
import { hostApi } from "@contract/index";
import { StaySummaryCard } from "~/components/bookings/stay-cards";
import { buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/icons";
import { authContext } from "~/lib/auth.server";
import { orNotFound } from "~/lib/host-api.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import type { ShellHandle } from "~/routes/shell";
import { requireBookings } from "./guards.server";
import stylesheet from "~/components/bookings/bookings.css?url";

/** §2: a text back button to the requests. */
export const handle: TranslationsHandle & ShellHandle = { i18n: ["bookings"], formErrors: false, back: { to: href("/bookings/:tab", { tab: "requests" }), labelKey: "bookings:back.requests", variant: "text" } };

export const middleware: Route.MiddlewareFunction[] = [requireBookings];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** After confirming a request: it is a booking now, with a way to it and back to the other requests. A request not confirmed shows itself. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { call } = context.get(authContext);
  const request = await orNotFound(call(hostApi.bookingRequests.get, { params: { id: params.id } }));
  if (request.status !== "CONFIRMED" || !request.bookingId) throw redirect(href("/booking-request-details/:id", { id: params.id }));
  return { title: serverT(context)("bookings:confirmed.title"), request, bookingId: request.bookingId };
}

export default function RequestConfirmation({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { request, bookingId } = loaderData;
  return (
    <div className="page page--narrow stack">
      <div className="card stack confirmed-card" role="status">
        <Icon icon={icons.success} />
        <h1>{t("bookings:confirmed.title")}</h1>
        <p>{t("bookings:confirmed.text", { name: request.customer.fullName })}</p>
        <div className="button-row">
          <Link className={buttonClass({ variant: "primary" })} to={href("/booking-details/:id", { id: bookingId })}>
            {t("bookings:request.openBooking")}
          </Link>
          <Link className={buttonClass()} to={href("/bookings/:tab", { tab: "requests" })}>
            {t("bookings:confirmed.moreRequests")}
          </Link>
        </div>
      </div>
      <StaySummaryCard stay={request} />
    </div>
  );
}
