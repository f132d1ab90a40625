import { Form, href } from "react-router";
import { DialogLink } from "~/components/dialog-link";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { TutorialList, type loader as tutorialsLoader } from "~/routes/tour/tutorials";

/**
 * The welcome tour's welcome (§1/§4), at the top of the overview until the host has seen it (or
 * always, where the setting forces it). It never covers the page: the day's work stays usable.
 * "See the tutorials" opens the list in a dialog with JavaScript (a page without); Close marks the
 * tour seen, as closing any of the tour's pages does.
 */
export function WelcomeTour() {
  const { t } = useTranslation();
  return (
    <section className="card welcome-tour stack" aria-labelledby="welcome-tour-title">
      <h2 id="welcome-tour-title">{t("overview:tour.title")}</h2>
      <p>{t("overview:tour.text")}</p>
      <div className="button-row">
        <DialogLink<typeof tutorialsLoader> to={href("/tour/tutorials")} className={buttonClass({ variant: "primary" })} render={() => <TutorialList />}>
          {t("overview:tour.tutorials")}
        </DialogLink>
        <Form method="post" action={href("/resources/interaction")}>
          <input type="hidden" name="interactionType" value="welcomeTour" />
          <button type="submit" className={buttonClass()}>
            {t("overview:tour.close")}
          </button>
        </Form>
      </div>
    </section>
  );
}
