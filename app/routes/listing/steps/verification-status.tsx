import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import type { Route } from "./+types/verification-status";
import { hostApi } from "@contract/index";
import { authContext } from "~/lib/auth.server";
import { getLocale, serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";
import { StatusPill } from "~/components/ui/status-pill";

const STEP = "listing-verification/status";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** Where the listing's verification stands per platform; the host may go on while it is pending (§2). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref } = await requireStep(context, params, STEP);
  const { call } = context.get(authContext);
  const hl = getLocale(context);
  const { providers } = await call(hostApi.calendarVerification.configuration, { query: { hl } });
  const statuses = await Promise.all(
    providers.map(async (p) => {
      const { status, statusLabel } = await call(hostApi.calendarVerification.get, { params: { id: params.unitId, provider: p.id }, query: { hl } });
      return { name: p.name, status, statusLabel };
    }),
  );
  return { title: serverT(context)(`listing:step.${STEP}.title`), backHref, statuses };
}

export async function action({ params, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  return completeStep(context, params, STEP);
}

export default function VerificationStatusStep({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StepPage step={STEP}>
      <ul className="stack stack--tight">
        {loaderData.statuses.map((s) => (
          <li key={s.name} className="card season">
            <span>{s.name}</span>
            <StatusPill tone={s.status === "failed" ? "error" : s.status === "validated" || s.status === "verified" ? "primary" : "neutral"}>{s.statusLabel}</StatusPill>
          </li>
        ))}
      </ul>
      <Form method="post">
        <StepNav backHref={loaderData.backHref} nextLabel={t("listing:wizard.next")} />
      </Form>
    </StepPage>
  );
}
