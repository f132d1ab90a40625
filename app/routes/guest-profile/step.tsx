import { useState, useSyncExternalStore } from "react";
import { data, Form, href, Link, redirect } from "react-router";
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
import { authContext } from "~/lib/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { HostApiError } from "~/lib/host-api.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";

export const handle: TranslationsHandle = { i18n: ["guestProfile", "overview"] };

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
  if (step === "confirmation") {
    try {
      await call(hostApi.home.updateGuestPreferences, { body: { completed: true } });
    } catch (error) {
      if (error instanceof HostApiError && error.status === 400) return data({ errors: ["incomplete"] }, { status: 400 });
      throw error;
    }
    return redirectWithFlash(context, href("/home"), { kind: "success", key: "overview:guestProfileSaved" });
  }
  if (!isChoiceStep(step)) return redirect(href("/guest-profile/:step", { step: nextStep(step)! }));
  const values = form.getAll("choice").map(String);
  if (values.length === 0) return data({ errors: ["required"] }, { status: 400 });
  try {
    await call(hostApi.home.updateGuestPreferences, { body: step === "language" ? { language: values[0] as never } : { [step]: values } });
  } catch (error) {
    if (error instanceof HostApiError && error.status === 400) return data({ errors: ["invalid_choice"] }, { status: 400 });
    throw error;
  }
  return redirect(href("/guest-profile/:step", { step: nextStep(step)! }));
}

/** An option's label: a language in its own words from Intl, the rest from the translations. */
function useOptionLabel(step: GuestProfileChoiceStep) {
  const { t, i18n } = useTranslation();
  return (option: string) => {
    if (step !== "language" || option === NO_LANGUAGE_PREFERENCE) return t(`guestProfile:options.${step}.${option}`);
    return new Intl.DisplayNames([i18n.language.replace("_", "-")], { type: "language" }).of(option) ?? option;
  };
}

function Choices({ step, options, chosen, errors }: { step: GuestProfileChoiceStep; options: string[]; chosen: string[]; errors: string[] | undefined }) {
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
        <Link to={href("/home")} className={buttonClass({ variant: "ghost" })}>
          {t("guestProfile:discard")}
        </Link>
        {/* §5: confirm waits for a choice with JavaScript; the server checks it either way. */}
        <button type="submit" className={buttonClass({ variant: "primary" })} disabled={hydrated && picked.length === 0}>
          {t("guestProfile:confirm")}
        </button>
      </div>
    </>
  );
}

function Summary({ profile }: { profile: GuestPreferences }) {
  const { t } = useTranslation();
  return (
    <dl className="facts">
      {GUEST_PROFILE_CHOICE_STEPS.map((step) => (
        <SummaryRow key={step} step={step} chosen={chosenOf(profile, step)} label={t(`guestProfile:steps.${step}.short`)} />
      ))}
    </dl>
  );
}

function SummaryRow({ step, chosen, label }: { step: GuestProfileChoiceStep; chosen: string[]; label: string }) {
  const { t } = useTranslation();
  const option = useOptionLabel(step);
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {chosen.length ? chosen.map(option).join(", ") : t("guestProfile:notAnswered")}{" "}
        <Link to={href("/guest-profile/:step", { step })}>{t("guestProfile:change")}</Link>
      </dd>
    </>
  );
}

export default function GuestProfileStepPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { step, profile, progress, back, options } = loaderData;
  const errors = actionData?.errors.map((code) => t(`guestProfile:errors.${code}`));
  return (
    <div className="page guest-flow">
      <section className="card guest-flow__card stack" aria-labelledby="guest-flow-title">
        {step !== "introduction" ? (
          <div className="guest-flow__progress">
            <progress max={TOTAL} value={progress} aria-label={t("guestProfile:progress", { step: progress, total: TOTAL })} />
            <span>{t("guestProfile:progress", { step: progress, total: TOTAL })}</span>
          </div>
        ) : null}
        <h1 id="guest-flow-title">{t(`guestProfile:steps.${step}.title`)}</h1>
        <p>{t(`guestProfile:steps.${step}.text`)}</p>
        {step === "introduction" ? (
          <div className="guest-flow__actions">
            <Link to={href("/home")} className={buttonClass({ variant: "ghost" })}>
              {t("guestProfile:discard")}
            </Link>
            <Link to={href("/guest-profile/:step", { step: "bookingTimes" })} className={buttonClass({ variant: "primary" })}>
              {t("guestProfile:start")}
            </Link>
          </div>
        ) : step === "confirmation" ? (
          <Form method="post" className="stack">
            <Summary profile={profile} />
            <FieldErrors id="guest-profile-errors" errors={errors} />
            <div className="guest-flow__actions">
              <Link to={href("/home")} className={buttonClass({ variant: "ghost" })}>
                {t("guestProfile:discard")}
              </Link>
              <button type="submit" className={buttonClass({ variant: "primary" })}>
                {t("guestProfile:finish")}
              </button>
            </div>
          </Form>
        ) : (
          <Form method="post" className="stack" key={step}>
            <Choices step={step} options={options} chosen={chosenOf(profile, step as GuestProfileChoiceStep)} errors={errors} />
          </Form>
        )}
        {back && back !== "introduction" ? (
          <p>
            <Link to={href("/guest-profile/:step", { step: back })}>{t("guestProfile:back")}</Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}
