import { getFormProps, useHostForm } from "~/lib/conform";
import { withQuery } from "~/lib/pages";
import { parseWithZod } from "~/lib/conform.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { data, Form, href, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/new-property";
import type { CurrentUser } from "@contract/user";
import { listingRefusal, type StoredEligibility } from "@domain/eligibility";
import { wizardKindOf } from "@domain/listing-steps";
import { countryByCode } from "@domain/property-configuration";
import { hostApi } from "@contract/index";
import { ChoiceList } from "~/components/ui/choice-list";
import { choiceOf, FormErrors } from "~/components/ui/field";
import { authContext } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";

export const handle: TranslationsHandle = { i18n: ["listing"] };

const schema = z.object({ propertyType: z.enum(["single", "multi"], { message: "required" }) });

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

const isAddProperty = (request: Request) => new URL(request.url).pathname.startsWith(href("/listing/add-property"));

/**
 * `/listing/first-property` (onboarding) and `/listing/add-property` (after it): one unit or several
 * (§2 "Route sets are chosen by property type"), then the matching wizard.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { user } = context.get(authContext);
  const adding = isAddProperty(request);
  if (adding && user.onboardingStatus !== "finished") throw redirect(href("/listing"));
  if (!adding && user.onboardingStatus === "finished") throw redirect(href("/listing/add-property"));
  refuseIneligible(user);
  const t = serverT(context);
  return { title: t(adding ? "listing:newProperty.addTitle" : "listing:newProperty.firstTitle"), adding, suggestMulti: user.type === "company" };
}

/** A host told they may not list (the eligibility questions, §2) is shown why, not the way to list. */
function refuseIneligible(user: CurrentUser) {
  const refusal = listingRefusal({ onboardingStatus: user.onboardingStatus, listingEligibility: user.listingEligibility as StoredEligibility });
  if (refusal) throw redirect(withQuery(href("/listing/onboarding-not-eligible"), { reason: refusal }));
}

export async function action({ request, context }: Route.ActionArgs) {
  refuseIneligible(context.get(authContext).user);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { propertyType } = submission.value;
  const { call } = context.get(authContext);
  const property = await call(hostApi.properties.create, { body: { propertyType } });
  // The country answered at the eligibility check starts the location step, unless a region is still needed.
  const country = countryByCode(new URL(request.url).searchParams.get("country")?.toUpperCase() ?? "");
  if (country && !country.addressForm.regions) await call(hostApi.properties.update, { params: { id: property.id }, body: { countryCode: country.code } });
  throw redirect(href("/listing/:kind/:propertyId/:unitId", { kind: wizardKindOf(propertyType), propertyId: property.id, unitId: property.unitIds[0]! }));
}

export default function NewProperty({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: { propertyType: loaderData.suggestMulti ? "multi" : "single" } });
  return (
    <div className="page page--narrow stack">
      <h1>{loaderData.title}</h1>
      <p className="muted">{t("listing:newProperty.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <ChoiceList
          {...choiceOf(fields.propertyType)}
          legend={t("listing:newProperty.kind")}
          options={[
            { id: "single", label: t("listing:newProperty.single") },
            { id: "multi", label: t("listing:newProperty.multi") },
          ]}
          hint={t("listing:newProperty.hint")}
        />
        <div className="button-row">
          <button type="submit" className="button button--primary">
            {t("listing:newProperty.start")}
          </button>
        </div>
      </Form>
    </div>
  );
}
