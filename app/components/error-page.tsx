import { useTranslation } from "~/lib/i18n";
import { href, Link, useLocation } from "react-router";

interface ErrorPageProps {
  status: number;
  /** Where the 404 button leads. */
  homeHref?: string;
  /** Offer "Upcoming bookings" on a 500 (only when the host has bookings). */
  bookingsAvailable?: boolean;
  /** Inside the shell, whose `<main>` holds it: a section rather than a page of its own. */
  embedded?: boolean;
}

/** The error pages of §2/§8: not found, failed to load, and the 500 page. */
export function ErrorPage({ status, homeHref = href("/home"), bookingsAvailable = false, embedded = false }: ErrorPageProps) {
  const { t } = useTranslation();
  const Frame = embedded ? "section" : "main";
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  if (status === 404) {
    return (
      <Frame className="error-page" aria-labelledby="error-title">
        <title>{t("pages.notFound.title")}</title>
        <p className="error-page__code">404</p>
        <h1 id="error-title">{t("pages.notFound.title")}</h1>
        <p>{t("pages.notFound.description")}</p>
        <Link className="button button--primary" to={homeHref}>
          {t("pages.notFound.button")}
        </Link>
      </Frame>
    );
  }
  if (status === 502 || status === 503 || status === 504) {
    return (
      <Frame className="error-page" aria-labelledby="error-title">
        <title>{t("pages.errorFailedToLoad.title")}</title>
        <h1 id="error-title">{t("pages.errorFailedToLoad.title")}</h1>
        <p>{t("pages.errorFailedToLoad.description")}</p>
        <a className="button button--primary" href={here}>
          {t("commons.reload")}
        </a>
      </Frame>
    );
  }
  return (
    <Frame className="error-page" aria-labelledby="error-title">
      <title>{t("pages.serverError.title")}</title>
      <p className="error-page__code">{status}</p>
      <h1 id="error-title">{t("pages.serverError.title")}</h1>
      <p>{t("pages.serverError.description")}</p>
      <div className="button-row">
        <a className="button button--primary" href={here}>
          {t("commons.reload")}
        </a>
        {bookingsAvailable ? (
          <Link
            className="button"
            // oxlint-disable-next-line stayhost/typed-links -- the bookings area has no route in this app yet; domain/navigation.ts names the same address
            to="/bookings/upcoming"
          >
            {t("pages.serverError.upcomingBookings")}
          </Link>
        ) : null}
      </div>
    </Frame>
  );
}
