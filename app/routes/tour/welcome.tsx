import { href, Link } from "react-router";
import type { Route } from "./+types/welcome";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { useShellData } from "~/lib/use-shell-data";
import { serverT } from "~/lib/i18n.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { title: serverT(context)("tour:welcome.title") };
}

/** The welcome of the tour as a page. */
export default function TourWelcome() {
  const { t } = useTranslation();
  const { user } = useShellData();
  return (
    <>
      <h1>{t("tour:welcome.title")}</h1>
      {/* What the host's guests send (bookings, inquiries or both) follows the host's model (§1, §3). */}
      <p>{t(`tour:welcome.text.${user.commercialModel}`)}</p>
      <div className="button-row">
        <Link className={buttonClass({ variant: "primary" })} to={href("/tour/tutorials")}>
          {t("tour:welcome.tutorials")}
        </Link>
      </div>
    </>
  );
}
