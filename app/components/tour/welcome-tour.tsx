import { useEffect, useLayoutEffect, useState } from "react";
import { href, useFetcher } from "react-router";
import type { Tutorial } from "@domain/tour";
import { buttonClass } from "~/components/ui/button";
import { Dialog, OpenDialog } from "~/components/ui/dialog";
import { useTranslation } from "~/lib/i18n";
import { useNonce } from "~/lib/nonce";
import { useShellData } from "~/lib/use-shell-data";
import type { loader as tutorialLoader } from "~/routes/tour/tutorial";
import { closeWhenPendingScript, useTourSeen } from "./tour-seen";
import { TourHeading, tourHref, TourLink, TutorialList, TutorialView, type GoTo, type TourView } from "./tour-views";

const SEEN = { interactionType: "welcomeTour" } as const;

/** Where the tour's dialog stands: its view, and whether the host moved it (its title then takes the keyboard). */
function useTourViews(first: TourView) {
  const [view, setView] = useState<TourView>(first);
  const [moved, setMoved] = useState(false);
  const go: GoTo = (next) => {
    setMoved(true);
    setView(next);
  };
  return { view, go, moved };
}

/** The dialog's name for screen readers: the title of the page its view stands for. */
function useTourLabel(view: TourView) {
  const { t } = useTranslation();
  if (view === "welcome") return t("tour:welcome.title");
  if (view === "list") return t("tour:list.title");
  return t(`tour:tutorials.${view}.title`);
}

/** A view of the tour inside its dialog: the links move it in place. */
function TourContent({ view, go, moved }: { view: TourView; go: GoTo; moved: boolean }) {
  const { t } = useTranslation();
  const { user } = useShellData();
  if (view === "welcome")
    return (
      <>
        <TourHeading level={2} focus={moved}>
          {t("tour:welcome.title")}
        </TourHeading>
        <p>{t(`tour:welcome.text.${user.commercialModel}`)}</p>
        <div className="button-row">
          <TourLink view="list" go={go} className={buttonClass({ variant: "primary" })}>
            {t("tour:welcome.tutorials")}
          </TourLink>
        </div>
      </>
    );
  if (view === "list")
    return (
      <>
        <TourHeading level={2} focus={moved}>
          {t("tour:list.title")}
        </TourHeading>
        <TutorialList go={go} />
      </>
    );
  return <TutorialInDialog key={view} tutorial={view} go={go} focus={moved} />;
}

/** A tutorial in the dialog, from its page's loader (its video is configured on the server). */
function TutorialInDialog({ tutorial, go, focus }: { tutorial: Tutorial; go: GoTo; focus: boolean }) {
  const { t } = useTranslation();
  const loader = useFetcher<typeof tutorialLoader>();
  const { load } = loader;
  useEffect(() => {
    void load(tourHref(tutorial));
  }, [tutorial, load]);
  const data = loader.data && loader.data.tutorial === tutorial ? loader.data : null;
  return data ? <TutorialView data={data} level={2} go={go} focus={focus} /> : <p role="status">{t("dialog.loading")}</p>;
}

/**
 * The welcome tour's welcome on the overview (§1/§4), until the host has seen it (or always where
 * the setting forces it): a modal dialog (688 wide, §9) from the first paint. Its links move it to
 * the tutorials and each tutorial in place; closing it (its button or Escape) marks the tour seen,
 * sent so that a reload or another address right after it does not lose it (`useTourSeen`): until the
 * server has answered, the tab's next overview keeps the welcome closed (closed before its first
 * paint by the script after it) and sends it again. Where the setting forces the welcome it shows all
 * the same. Without JavaScript it is the same dialog over the overview, its links lead to the tour's
 * pages and its Close is a form that marks the tour seen.
 */
export function WelcomeTour({ forced }: { forced: boolean }) {
  const [open, setOpen] = useState(true);
  const { view, go, moved } = useTourViews("welcome");
  const label = useTourLabel(view);
  const { markSeen, resendLeftOver } = useTourSeen();
  const { user } = useShellData();
  const nonce = useNonce();
  // Before the first paint of a page the script made (a client-side navigation), as the script below does for the server's.
  useLayoutEffect(() => {
    if (resendLeftOver() && !forced) setOpen(false);
    // Once per overview, for what the page before left.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!open) return null;
  return (
    <>
      <OpenDialog
        label={label}
        size="wide"
        closeAction={href("/resources/interaction")}
        closeFields={SEEN}
        onClose={() => {
          setOpen(false);
          markSeen();
        }}
      >
        <TourContent view={view} go={go} moved={moved} />
      </OpenDialog>
      {forced ? null : <script nonce={nonce} dangerouslySetInnerHTML={{ __html: closeWhenPendingScript(user.userId) }} />}
    </>
  );
}

/** The tour's dialog opened by a link (the tutorials' page): the tutorial in a modal over the page. */
export function TourModal({ first, onClose }: { first: TourView; onClose: () => void }) {
  const { view, go, moved } = useTourViews(first);
  const label = useTourLabel(view);
  return (
    <Dialog label={label} onClose={onClose} size="wide">
      <TourContent view={view} go={go} moved={moved} />
    </Dialog>
  );
}
