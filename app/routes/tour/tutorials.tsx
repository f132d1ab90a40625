import { useState } from "react";
import { createPortal } from "react-dom";
import type { Route } from "./+types/tutorials";
import { useTourSeen } from "~/components/tour/tour-seen";
import { TourModal } from "~/components/tour/welcome-tour";
import { TutorialList, type TourView } from "~/components/tour/tour-views";
import { useTranslation } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { title: serverT(context)("tour:list.title") };
}

/**
 * The six tutorials of the welcome tour (§1). Each is a page; with JavaScript it opens in the tour's
 * modal dialog over this list instead, and closing that marks the tour seen (§4).
 */
export default function TourTutorials() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<TourView | null>(null);
  const { markSeen } = useTourSeen();
  return (
    <>
      <h1>{t("tour:list.title")}</h1>
      <TutorialList go={setOpen} />
      {open
        ? createPortal(
            <TourModal
              first={open}
              onClose={() => {
                setOpen(null);
                markSeen();
              }}
            />,
            document.body,
          )
        : null}
    </>
  );
}
