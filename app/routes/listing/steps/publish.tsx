import { hostApi } from "@contract/index";
import { useTranslation } from "~/lib/i18n";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/publish";
import type { StepId, WizardStep } from "@domain/listing-steps";
import { authContext } from "~/lib/auth.server";
import { refusalOf } from "~/lib/host-api.server";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, leaving, requireStep, stepHref, type Wizard } from "~/routes/listing/wizard.server";

const STEP = "publish";

/** Where each missing piece is entered. */
const PROBLEM_STEP: Record<string, StepId> = {
  title: "title",
  description: "title",
  address: "location/address",
  photos: "photos",
  price: "price-and-availability",
  registrationNumber: "regional-requirements",
  nationalIdentificationCode: "regional-requirements",
  unitPublishCredits: "subscription/plan",
};

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

interface Missing {
  key: string;
  href: string | null;
}

/** Steps the host has not done (optional and formless ones aside), and what publishing itself lacks. */
function missingPieces(wizard: Wizard, params: { propertyId: string; unitId: string }, problems: string[]): Missing[] {
  const visible = new Set(wizard.steps.map((s) => s.id));
  const done = new Set(wizard.completed);
  const hrefOf = (step: StepId) => (visible.has(step) ? stepHref(wizard.kind, params, step) : null);
  const steps = wizard.steps
    .filter((s: WizardStep) => s.id !== STEP && !s.optional && !s.formless && !done.has(s.id))
    .map((s) => ({ key: `listing:step.${s.id}.title`, href: hrefOf(s.id) }));
  const pieces = problems.map((p) => ({ key: `properties:publishProblem.publish_${p}`, href: PROBLEM_STEP[p] ? hrefOf(PROBLEM_STEP[p]) : null }));
  return [...steps, ...pieces];
}

/** Formless (§2): a last look at what is missing, each with a link to its step, and the publish button. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref, wizard } = await requireStep(context, params, STEP);
  const { call } = context.get(authContext);
  // The host API's own rule of publishability, the one the publish button will meet.
  const check = await call(hostApi.units.publishCheck, { params: { id: params.unitId } });
  const problems = check.errors.map((e) => e.type.replace(/^publish_/, ""));
  return { title: serverT(context)(`listing:step.${STEP}.title`), backHref, missing: missingPieces(wizard, params, problems), unitTitle: wizard.unit.title };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { wizard } = await requireStep(context, params, STEP);
  // "Save and exit" on the last step leaves without publishing: there is nothing to save here.
  const leave = leaving(context);
  if (leave) return leave;
  const unfinished = missingPieces(wizard, params, []);
  if (unfinished.length) return data({ missing: unfinished }, { status: 400 });
  const { call } = context.get(authContext);
  try {
    await call(hostApi.units.publish, { params: { id: params.unitId } });
  } catch (error) {
    const refusal = refusalOf(error);
    const problems = refusal.all().map((e) => e.type.replace(/^publish_/, ""));
    return data({ missing: missingPieces(wizard, params, problems) }, { status: 400 });
  }
  return completeStep(context, params, STEP);
}

export default function PublishStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const missing = actionData?.missing ?? loaderData.missing;
  return (
    <StepPage step={STEP}>
      {missing.length ? (
        <div className="banner banner--warning" role={actionData ? "alert" : undefined}>
          <p>{t("listing:publish.missing")}</p>
          <ul>
            {missing.map((m) => (
              <li key={m.key}>{m.href ? <Link to={m.href}>{t(m.key)}</Link> : t(m.key)}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="banner banner--info">{t("listing:publish.ready", { title: loaderData.unitTitle })}</p>
      )}
      <Form method="post">
        <StepNav backHref={loaderData.backHref} nextLabel={t("listing:publish.button")} />
      </Form>
    </StepPage>
  );
}
