import { hostApi } from "@contract/index";
import { useTranslation } from "~/lib/i18n";
import { Form, Link } from "react-router";
import type { Route } from "./+types/publish";
import type { StepId, WizardStep } from "@domain/listing-steps";
import { authContext } from "~/lib/auth.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";
import { leaving, stepHref, type Wizard } from "~/routes/listing/wizard.server";

/** Where each missing piece is entered. */
const PROBLEM_STEP: Record<string, StepId> = {
  title: "title",
  description: "title",
  address: "location/address",
  photos: "photos",
  price: "price-and-availability",
  registrationNumber: "regional-requirements",
  nationalIdentificationCode: "regional-requirements",
  subscription: "commercial-model/plan",
  unitPublishCredits: "subscription/plan",
};

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
    .filter((s: WizardStep) => s.id !== "publish" && !s.optional && !s.formless && !done.has(s.id))
    .map((s) => ({ key: `listing:step.${s.id}.title`, href: hrefOf(s.id) }));
  const pieces = problems.map((p) => ({ key: `properties:publishProblem.publish_${p}`, href: PROBLEM_STEP[p] ? hrefOf(PROBLEM_STEP[p]) : null }));
  return [...steps, ...pieces];
}

/**
 * Formless (§2): a last look at what is missing, each with a link to its step, and the publish button.
 * The list is the host API's own rule of publishability, the one the publish button meets: a refusal
 * keeps the host here with the same list.
 */
const route = defineStep({
  id: "publish",
  load: async ({ context, params, wizard }) => {
    const check = await context.get(authContext).call(hostApi.units.publishCheck, { params: { id: params.unitId } });
    const problems = check.errors.map((e) => e.type.replace(/^publish_/, ""));
    return { missing: missingPieces(wizard, params, problems), unitTitle: wizard.unit.title };
  },
  save: async ({ context, params, wizard }) => {
    // "Save and exit" on the last step leaves without publishing: there is nothing to save here.
    const leave = leaving(context);
    if (leave) return leave;
    if (missingPieces(wizard, params, []).length) return { formErrors: ["publish_incomplete"] };
    await context.get(authContext).call(hostApi.units.publish, { params: { id: params.unitId } });
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function PublishStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { missing } = loaderData;
  const refused = actionData?.error?.[""] ?? [];
  return (
    <StepPage step={loaderData.step}>
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
      {/* A refusal the list does not name (the unit changed meanwhile) is said too. */}
      {missing.length === 0 && refused.length ? (
        <ul className="form-errors" role="alert">
          {refused.map((code) => (
            <li key={code}>{t(`properties:publishProblem.${code}`)}</li>
          ))}
        </ul>
      ) : null}
      <Form method="post">
        <StepNav backHref={loaderData.backHref} nextLabel={t("listing:publish.button")} />
      </Form>
    </StepPage>
  );
}
