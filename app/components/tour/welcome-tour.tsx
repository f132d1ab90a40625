import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Form, href, Link, useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { useTranslation } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { TutorialList } from "~/routes/tour/tutorials";

const SEEN = { interactionType: "welcomeTour" } as const;
/** Closing the dialog marks the tour seen where the host is: no navigation (the overview's data reloads). */
const SEEN_IN_PLACE = { ...SEEN, stay: "true" } as const;

/**
 * The welcome tour's welcome (§1/§4), on the overview until the host has seen it (or always, where
 * the setting forces it). With JavaScript it is a modal dialog (688 wide, §9) that opens by itself:
 * "See the tutorials" shows the six tutorials in it, and closing it (its button or Escape) marks the
 * tour seen. Without JavaScript it is a card at the top of the overview whose Close marks it seen,
 * and the tutorials are pages.
 */
export function WelcomeTour() {
  const hydrated = useHydrated();
  return hydrated ? <WelcomeDialog /> : <WelcomeCard />;
}

/** Without JavaScript (and until it runs): a card; the tutorials are pages. */
function WelcomeCard() {
  const { t } = useTranslation();
  return (
    <section className="card welcome-tour stack" aria-labelledby="welcome-tour-title">
      <h2 id="welcome-tour-title">{t("overview:tour.title")}</h2>
      <p>{t("overview:tour.text")}</p>
      <div className="button-row">
        <Link to={href("/tour/tutorials")} className={buttonClass({ variant: "primary" })}>
          {t("overview:tour.tutorials")}
        </Link>
        <Form method="post" action={href("/resources/interaction")}>
          <input type="hidden" name="interactionType" value={SEEN.interactionType} />
          <button type="submit" className={buttonClass()}>
            {t("overview:tour.close")}
          </button>
        </Form>
      </div>
    </section>
  );
}

function WelcomeDialog() {
  const { t } = useTranslation();
  const seen = useFetcher();
  const [open, setOpen] = useState(true);
  const [tutorials, setTutorials] = useState(false);
  if (!open) return null;
  // However it closes, the tour is seen.
  const close = () => {
    setOpen(false);
    void seen.submit(SEEN_IN_PLACE, { method: "post", action: href("/resources/interaction") });
  };
  return createPortal(
    <Dialog label={t(tutorials ? "tour:list.title" : "overview:tour.title")} onClose={close} size="wide">
      {tutorials ? (
        <TutorialsInDialog />
      ) : (
        <>
          <h2>{t("overview:tour.title")}</h2>
          <p>{t("overview:tour.text")}</p>
          <div className="button-row">
            <button type="button" className={buttonClass({ variant: "primary" })} onClick={() => setTutorials(true)}>
              {t("overview:tour.tutorials")}
            </button>
          </div>
        </>
      )}
    </Dialog>,
    document.body,
  );
}

/** The tutorials in the welcome's dialog: the content changed under the pressed button, so the keyboard goes on from the list's title. */
function TutorialsInDialog() {
  const { t } = useTranslation();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <>
      <h2 tabIndex={-1} ref={title}>
        {t("tour:list.title")}
      </h2>
      <TutorialList />
    </>
  );
}
