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
 * list. Next comes first, so that Enter in a field goes on and keyboard and screen-reader users meet
 * it first. On phones the three stand one under the other across the width, in this order (no label
 * wraps, in any language); wider, they share a row with Back at its start.
 */
export function StepNav({ backHref, nextLabel, name, value }: { backHref: string | null; nextLabel?: string; name?: string; value?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <div className="wizard__nav">
      <Button variant="primary" className="wizard__next" name={name} value={value} pending={navigation.state === "submitting"}>
        {nextLabel ?? t("listing:wizard.next")}
      </Button>
      <Button className="wizard__exit" name={SAVE_AND_EXIT} value="yes" disabled={navigation.state === "submitting"}>
        {t("listing:wizard.saveAndExit")}
      </Button>
      {backHref ? (
        <Link to={backHref} className="button wizard__back">
          {t("listing:wizard.back")}
        </Link>
      ) : null}
    </div>
  );
}
