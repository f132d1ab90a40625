import { Form, href, Outlet } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";

export const handle: TranslationsHandle = { i18n: ["tour"], formErrors: false };

/** The welcome tour's pages (§1/§4; the modals without JavaScript): each can close the tour, which marks it seen. */
export default function TourLayout() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow stack tour">
      <div className="card stack">
        <Outlet />
        <Form method="post" action={href("/resources/interaction")} className="tour__close">
          <input type="hidden" name="interactionType" value="welcomeTour" />
          <input type="hidden" name="returnTo" value={href("/home")} />
          <button type="submit" className={buttonClass({ variant: "ghost" })}>
            {t("tour:close")}
          </button>
        </Form>
      </div>
    </div>
  );
}
