import { useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { href, Link, useFetcher, useLocation } from "react-router";
import type { GuestProfileStep } from "@domain/guest-profile";
import { Dialog } from "~/components/ui/dialog";
import { useTranslation } from "~/lib/i18n";
import { GuestProfileStepView, type action as stepAction, type loader as stepLoader, type StepNavigation } from "~/routes/guest-profile/step";

const stepHref = (step: GuestProfileStep) => href("/guest-profile/:step", { step });

/**
 * A link into the ideal-guest flow (§2 Guest). Without JavaScript it leads to the flow's pages. With
 * JavaScript it opens the flow in a modal dialog of 688 × 569 over the current page: each step comes
 * from its page's loader and posts to its page's action (which then answers the next step instead
 * of redirecting); discard or Escape closes it all; the last step saves, closes it and comes back to
 * this page with the toast. The page needs the `guestProfile` translations.
 */
export function GuestProfileLink({ step: first = "introduction", className, children }: { step?: GuestProfileStep; className?: string; children: ReactNode }) {
  const location = useLocation();
  // Open on the page where it was opened: the last step redirects back, a new location, which closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpenAt(location.key);
  };
  return (
    <>
      <Link to={stepHref(first)} className={className} onClick={onClick}>
        {children}
      </Link>
      {openAt === location.key ? createPortal(<GuestProfileDialog first={first} returnTo={location.pathname + location.search} onClose={() => setOpenAt(null)} />, document.body) : null}
    </>
  );
}

function GuestProfileDialog({ first, returnTo, onClose }: { first: GuestProfileStep; returnTo: string; onClose: () => void }) {
  const { t } = useTranslation();
  const loader = useFetcher<typeof stepLoader>();
  const submit = useFetcher<typeof stepAction>();
  const [step, setStep] = useState<GuestProfileStep>(first);
  const [errors, setErrors] = useState<string[] | undefined>(undefined);
  // A saved answer leads to the next step, a refused one shows its errors (each answer once).
  const [handled, setHandled] = useState<unknown>(undefined);
  const answer = submit.state === "idle" ? submit.data : undefined;
  if (answer && answer !== handled) {
    setHandled(answer);
    if (answer.next) setStep(answer.next);
    setErrors(answer.next ? undefined : answer.errors);
  }
  const { load } = loader;
  useEffect(() => {
    void load(stepHref(step));
  }, [step, load]);

  const nav: StepNavigation = {
    kind: "dialog",
    go: (target) => {
      setErrors(undefined);
      setStep(target);
    },
    close: onClose,
    Form: submit.Form,
    returnTo,
  };
  const ready = loader.data && loader.data.step === step && loader.state === "idle";
  return (
    <Dialog label={t("guestProfile:title")} onClose={onClose} busy={!ready || submit.state !== "idle"} size="flow">
      {ready ? <GuestProfileStepView key={step} data={loader.data!} errorCodes={errors} nav={nav} headingLevel={2} /> : <p role="status">{t("dialog.loading")}</p>}
    </Dialog>
  );
}
