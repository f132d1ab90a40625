import { getFormProps, useHostForm } from "~/lib/conform";
import { parseWithZod } from "~/lib/conform.server";
import { useTranslation } from "~/lib/i18n";
import { data, Form, href } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/amenities";
import { hostApi } from "@contract/index";
import { allErrorsOf, FormErrors } from "~/components/ui/field";
import { SaveButton } from "~/components/section-form";
import { AmenityFields } from "~/components/unit-forms/amenities";
import { loadConfiguration } from "~/components/unit-forms/unit-forms.server";
import { authContext } from "~/lib/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { replyWithApiError } from "~/lib/forms.server";
import { serverT } from "~/lib/i18n.server";
import { useUnit } from "./unit-layout";

/** The amenities chosen, each once; the API refuses an id it does not know. */
const schema = z.object({ amenities: z.array(z.string()).default([]).transform((ids) => [...new Set(ids)]) });

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const configuration = await loadConfiguration(context);
  return {
    title: serverT(context)("properties:unit.section.amenities"),
    groups: configuration.propertyUnit.amenities,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { call } = context.get(authContext);
  try {
    await call(hostApi.units.update, { params: { id: params.unitId }, body: { amenities: submission.value.amenities } });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error);
    return data(result, { status });
  }
  return redirectWithFlash(context, href("/properties/:propertyId/units/:unitId/amenities", params), { kind: "success", key: "commons.saved" });
}

export default function Amenities({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const unit = useUnit();
  const [form] = useHostForm<typeof schema>({ lastResult: actionData });
  // After a refused save the boxes show what was sent; otherwise what is saved.
  const sent = actionData?.initialValue?.amenities as string[] | string | undefined;
  const chosen = actionData ? (sent === undefined ? [] : [sent].flat()) : unit.amenities;
  return (
    <section className="stack" aria-labelledby="amenities-title">
      <h2 id="amenities-title">{t("properties:unit.section.amenities")}</h2>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors id={form.errorId} errors={allErrorsOf(form)} />
        <AmenityFields groups={loaderData.groups} chosen={new Set(chosen)} />
        <SaveButton />
      </Form>
    </section>
  );
}
