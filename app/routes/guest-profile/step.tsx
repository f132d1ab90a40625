import { useState, useSyncExternalStore, type ReactNode } from "react";
import { data, Form, href, Link, redirect, type useFetcher } from "react-router";
import type { Route } from "./+types/step";
import { hostApi } from "@contract/index";
import type { GuestPreferences } from "@contract/home";
import {
  GUEST_PROFILE_CHOICE_STEPS,
  GUEST_PROFILE_OPTIONS,
  GUEST_PROFILE_STEPS,
  NO_LANGUAGE_PREFERENCE,
  nextStep,
  previousStep,
  progressOf,
  type GuestProfileChoiceStep,
  type GuestProfileStep,
} from "@domain/guest-profile";
import { buttonClass } from "~/components/ui/button";
import { FieldErrors } from "~/components/ui/form-errors";
import { displayNames } from "~/lib/display-names";
import { authContext } from "~/lib/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { HostApiError } from "~/lib/host-api.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import { safeReturnTo } from "~/lib/return-to";
import { useShellData } from "~/lib/use-shell-data";

export const handle: TranslationsHandle = { i18n: ["guestProfile"] };

const TOTAL = GUEST_PROFILE_CHOICE_STEPS.length;
const noSubscription = () => () => {};

function stepOf(value: string): GuestProfileStep {
  if (!(GUEST_PROFILE_STEPS as readonly string[]).includes(value)) throw new Response(null, { status: 404 });
  return value as GuestProfileStep;
}

const isChoiceStep = (step: GuestProfileStep): step is GuestProfileChoiceStep => (GUEST_PROFILE_CHOICE_STEPS as readonly string[]).includes(step);

/** What a choice step has chosen so far. */
function chosenOf(profile: GuestPreferences, step: GuestProfileChoiceStep): string[] {
  if (step === "language") return profile.language ? [profile.language] : [];
  return profile[step];
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const step = stepOf(params.step);
  const profile = await context.get(authContext).call(hostApi.home.guestPreferences);
  const t = serverT(context);
  return {
    title: `${t(`guestProfile:steps.${step}.title`)} – ${t("guestProfile:title")}`,
    step,
    profile,
    progress: progressOf(step),
    back: previousStep(step),
    options: isChoiceStep(step) ? (step === "language" ? [...profile.hostLanguages, NO_LANGUAGE_PREFERENCE] : [...GUEST_PROFILE_OPTIONS[step]]) : [],
  };
}

/**
 * One step of the ideal-guest flow (§2 Guest, §5): a choice step saves its answer (at least one
 * option, the language one) and goes on; the confirmation confirms the whole profile and closes the flow.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const step = stepOf(params.step);
  const form = await request.formData();
  const { call } = context.get(authContext);
  // In the dialog (JavaScript) the flow goes on in place and ends where the host opened it.
  const returnTo = form.has("returnTo") ? safeReturnTo(String(form.get("returnTo")), new URL(request.url).origin) : null;
  if (step === "confirmation") {
    try {
      await call(hostApi.home.updateGuestPreferences, { body: { completed: true } });
    } catch (error) {
      if (error instanceof HostApiError && error.status === 400) return data({ errors: ["incomplete"], next: null }, { status: 400 });
      throw error;
    }
    // Every page the flow starts from (the overview, a request, an inquiry) has the flow's translations for the toast.
    return redirectWithFlash(context, returnTo ?? href("/home"), { kind: "success", key: "guestProfile:saved" });
  }
  const next = nextStep(step)!;
  const goOn = () => (returnTo ? { errors: [], next } : redirect(href("/guest-profile/:step", { step: next })));
  if (!isChoiceStep(step)) return goOn();
  const values = form.getAll("choice").map(String);
  if (values.length === 0) return data({ errors: ["required"], next: null }, { status: 400 });
  try {
    await call(hostApi.home.updateGuestPreferences, { body: step === "language" ? { language: values[0] as never } : { [step]: values } });
  } catch (error) {
    if (error instanceof HostApiError && error.status === 400) return data({ errors: ["invalid_choice"], next: null }, { status: 400 });
    throw error;
  }
  return goOn();
}

/** An option's label: a language in its own words from Intl, the rest from the translations. */
function useOptionLabel(step: GuestProfileChoiceStep) {
  const { t, i18n } = useTranslation();
  return (option: string) => {
    if (step !== "language" || option === NO_LANGUAGE_PREFERENCE) return t(`guestProfile:options.${step}.${option}`);
    return displayNames(i18n.language.replace("_", "-"), { type: "language" }).of(option) ?? option;
  };
}

/**
 * How a step leads on: as a page, links and forms that navigate; in the dialog (JavaScript), buttons
 * that show another step in place and forms that post through the dialog's fetcher.
 */
export type StepNavigation =
  | { kind: "page" }
  | { kind: "dialog"; go: (step: GuestProfileStep) => void; close: () => void; Form: ReturnType<typeof useFetcher>["Form"]; returnTo: string };

function StepLink({ nav, step, primary = false, children }: { nav: StepNavigation; step: GuestProfileStep; primary?: boolean; children: ReactNode }) {
  const className = primary ? buttonClass({ variant: "primary" }) : undefined;
  if (nav.kind === "page") {
    return (
      <Link to={href("/guest-profile/:step", { step })} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <button type="button" className={className ?? "link-button"} onClick={() => nav.go(step)}>
      {children}
    </button>
  );
}

/** Discard (§5): back to the overview, or the dialog closes; nothing more is saved. */
function Discard({ nav }: { nav: StepNavigation }) {
  const { t } = useTranslation();
  if (nav.kind === "page") {
    return (
      <Link to={href("/home")} className={buttonClass({ variant: "ghost" })}>
        {t("guestProfile:discard")}
      </Link>
    );
  }
  return (
    <button type="button" className={buttonClass({ variant: "ghost" })} onClick={nav.close}>
      {t("guestProfile:discard")}
    </button>
  );
}

function StepForm({ nav, step, children }: { nav: StepNavigation; step: GuestProfileStep; children: ReactNode }) {
  if (nav.kind === "page") {
    return (
      <Form method="post" className="stack">
        {children}
      </Form>
    );
  }
  const FetcherForm = nav.Form;
  return (
    <FetcherForm method="post" action={href("/guest-profile/:step", { step })} className="stack">
      <input type="hidden" name="returnTo" value={nav.returnTo} />
      {children}
    </FetcherForm>
  );
}

function Choices({ step, options, chosen, errors, nav }: { step: GuestProfileChoiceStep; options: string[]; chosen: string[]; errors: string[] | undefined; nav: StepNavigation }) {
  const { t } = useTranslation();
  const label = useOptionLabel(step);
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const [picked, setPicked] = useState<string[]>(chosen);
  const single = step === "language";
  const errorId = "guest-profile-errors";
  return (
    <>
      <fieldset className="choice-grid" aria-describedby={errors?.length ? errorId : undefined}>
        <legend className="visually-hidden">{t(`guestProfile:steps.${step}.title`)}</legend>
        {options.map((option) => (
          <label key={option} className="choice-card">
            <input
              type={single ? "radio" : "checkbox"}
              name="choice"
              value={option}
              defaultChecked={chosen.includes(option)}
              onChange={(event) => setPicked((current) => (single ? [option] : event.target.checked ? [...current, option] : current.filter((o) => o !== option)))}
            />
            <span>{label(option)}</span>
          </label>
        ))}
      </fieldset>
      <FieldErrors id={errorId} errors={errors} />
      <div className="guest-flow__actions">
        <Discard nav={nav} />
        {/* §5: confirm waits for a choice with JavaScript; the server checks it either way. */}
        <button type="submit" className={buttonClass({ variant: "primary" })} disabled={hydrated && picked.length === 0}>
          {t("guestProfile:confirm")}
        </button>
      </div>
    </>
  );
}

function Summary({ profile, nav }: { profile: GuestPreferences; nav: StepNavigation }) {
  const { t } = useTranslation();
  return (
    <dl className="facts">
      {GUEST_PROFILE_CHOICE_STEPS.map((step) => (
        <SummaryRow key={step} step={step} chosen={chosenOf(profile, step)} label={t(`guestProfile:steps.${step}.short`)} nav={nav} />
      ))}
    </dl>
  );
}

function SummaryRow({ step, chosen, label, nav }: { step: GuestProfileChoiceStep; chosen: string[]; label: string; nav: StepNavigation }) {
  const { t } = useTranslation();
  const option = useOptionLabel(step);
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {chosen.length ? chosen.map(option).join(", ") : t("guestProfile:notAnswered")}{" "}
        <StepLink nav={nav} step={step}>
          {t("guestProfile:change")}
          <span className="visually-hidden">: {label}</span>
        </StepLink>
      </dd>
    </>
  );
}

/** One step of the flow as the page and the dialog show it: progress, title, text, its choices or summary. */
export function GuestProfileStepView({ data: loaded, errorCodes, nav, headingLevel = 1 }: { data: Awaited<ReturnType<typeof loader>>; errorCodes: string[] | undefined; nav: StepNavigation; headingLevel?: 1 | 2 }) {
  const { t } = useTranslation();
  const { step, profile, progress, back, options } = loaded;
  const { user } = useShellData();
  const errors = errorCodes?.map((code) => t(`guestProfile:errors.${code}`));
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <>
      {step !== "introduction" ? (
        <div className="guest-flow__progress">
          <progress max={TOTAL} value={progress} aria-label={t("guestProfile:progress", { step: progress, total: TOTAL })} />
          <span>{t("guestProfile:progress", { step: progress, total: TOTAL })}</span>
        </div>
      ) : null}
      <Heading id="guest-flow-title">{t(`guestProfile:steps.${step}.title`)}</Heading>
      {/* The introduction names what the match is shown on: the stays the host's guests send (§1, §3). */}
      <p>{t(step === "introduction" ? `guestProfile:steps.introduction.text.${user.commercialModel}` : `guestProfile:steps.${step}.text`)}</p>
      {step === "introduction" ? (
        <div className="guest-flow__actions">
          <Discard nav={nav} />
          <StepLink nav={nav} step="bookingTimes" primary>
            {t("guestProfile:start")}
          </StepLink>
        </div>
      ) : step === "confirmation" ? (
        <StepForm nav={nav} step={step}>
          <Summary profile={profile} nav={nav} />
          <FieldErrors id="guest-profile-errors" errors={errors} />
          <div className="guest-flow__actions">
            <Discard nav={nav} />
            <button type="submit" className={buttonClass({ variant: "primary" })}>
              {t("guestProfile:finish")}
            </button>
          </div>
        </StepForm>
      ) : (
        <StepForm nav={nav} step={step}>
          <Choices key={step} step={step} options={options} chosen={chosenOf(profile, step as GuestProfileChoiceStep)} errors={errors} nav={nav} />
        </StepForm>
      )}
      {back && back !== "introduction" ? (
        <p>
          <StepLink nav={nav} step={back}>
            {t("guestProfile:back")}
          </StepLink>
        </p>
      ) : null}
    </>
  );
}

const PAGE: StepNavigation = { kind: "page" };

export default function GuestProfileStepPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="page guest-flow">
      <section className="card guest-flow__card stack" aria-labelledby="guest-flow-title">
        <GuestProfileStepView data={loaderData} errorCodes={actionData?.errors} nav={PAGE} />
      </section>
    </div>
  );
}
