import type { ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n";
import { Button } from "~/components/ui/button";

export interface StepNavigation {
  step: string;
  title: string;
  position: number;
  count: number;
  backHref: string | null;
}

export function verificationMeta({ loaderData }: { loaderData?: { title: string } }) {
  return [{ title: loaderData?.title }];
}

/** A step of the verification: where the host is in the flow, its heading and what it asks. */
export function VerificationStep({ nav, intro, children }: { nav: StepNavigation; intro: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="stack" aria-labelledby="verification-step-title">
      <p className="muted">{t("verification:progress", { position: nav.position, count: nav.count })}</p>
      <h1 id="verification-step-title">{nav.title}</h1>
      <p className="muted">{intro}</p>
      {children}
    </section>
  );
}

/** Next submits the step's form (without JavaScript too); Back is a link. */
export function VerificationNav({ backHref }: { backHref: string | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <div className="wizard__nav">
      <Button variant="primary" className="wizard__next" name="intent" value="next" pending={navigation.state === "submitting"}>
        {t("verification:next")}
      </Button>
      {backHref ? (
        <Link to={backHref} className="button wizard__back">
          {t("verification:back")}
        </Link>
      ) : null}
    </div>
  );
}
