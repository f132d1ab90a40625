import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import type { Route } from "./+types/status";
import { hostApi } from "@contract/index";
import { StatusPill } from "~/components/ui/status-pill";
import { authContext } from "~/lib/auth.server";
import { getLocale } from "~/lib/i18n.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

/** Where the listing's verification stands per platform; the host may go on while it is pending (§2). */
const route = defineStep({
  id: "listing-verification/status",
  load: async ({ context, params }) => {
    const { call } = context.get(authContext);
    const hl = getLocale(context);
    const { providers } = await call(hostApi.calendarVerification.configuration, { query: { hl } });
    const statuses = await Promise.all(
      providers.map(async (p) => {
        const { status, statusLabel } = await call(hostApi.calendarVerification.get, { params: { id: params.unitId, provider: p.id }, query: { hl } });
        return { name: p.name, status, statusLabel };
      }),
    );
    return { statuses };
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function VerificationStatusStep({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StepPage step={loaderData.step}>
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
