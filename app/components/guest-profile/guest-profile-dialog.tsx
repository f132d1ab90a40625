import { useEffect, useState } from "react";
import { href, useFetcher } from "react-router";
import type { GuestProfileStep } from "@domain/guest-profile";
import { Dialog } from "~/components/ui/dialog";
import { useTranslation } from "~/lib/i18n";
import { GuestProfileStepView, type action as stepAction, type loader as stepLoader, type StepNavigation } from "~/routes/guest-profile/step";

const stepHref = (step: GuestProfileStep) => href("/guest-profile/:step", { step });

/** The ideal-guest flow in a modal dialog (see GuestProfileLink), loaded when a host opens it. */
export default function GuestProfileDialog({ first, returnTo, onClose }: { first: GuestProfileStep; returnTo: string; onClose: () => void }) {
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
