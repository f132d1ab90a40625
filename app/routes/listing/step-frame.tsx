import type { ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";
import { Link, useNavigation } from "react-router";
import type { StepId } from "@domain/listing-steps";
import { Button } from "~/components/ui/button";
import { SAVE_AND_EXIT } from "./save-and-exit";

/** The page title of every step: its loader (defineStep) gives it, translated. */
export function stepMeta({ loaderData }: { loaderData?: { title: string } }) {
  return [{ title: loaderData?.title }];
}

/** A step's heading and what it asks for; the texts live under `listing:step.<id>`. */
export function StepPage({ step, children }: { step: StepId; children: ReactNode }) {
  const { t } = useTranslation();
  const id = `step-${step.replaceAll("/", "-")}`;
  return (
    <section className="stack wizard__step" aria-labelledby={id}>
      <h1 id={id}>{t(`listing:step.${step}.title`)}</h1>
      <p className="muted">{t(`listing:step.${step}.intro`)}</p>
      {children}
    </section>
  );
}

/**
 * Back is a link, Next and "Save and exit" submit buttons: all work without JavaScript (§2). "Save
 * and exit" saves the step as Next does (errors keep the host on it), then leads to the property
 * list; it comes after Next, so that Enter in a field still goes on.
 */
export function StepNav({ backHref, nextLabel, name, value }: { backHref: string | null; nextLabel?: string; name?: string; value?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <div className="wizard__nav">
      {backHref ? (
        <Link to={backHref} className="button">
          {t("listing:wizard.back")}
        </Link>
      ) : (
        <span />
      )}
      <div className="button-row">
        <Button variant="primary" name={name} value={value} pending={navigation.state === "submitting"}>
          {nextLabel ?? t("listing:wizard.next")}
        </Button>
        <Button name={SAVE_AND_EXIT} value="yes" disabled={navigation.state === "submitting"}>
          {t("listing:wizard.saveAndExit")}
        </Button>
      </div>
    </div>
  );
}
