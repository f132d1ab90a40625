import { getFormProps, useHostForm } from "~/lib/conform";
import { constraintOf, parseWithZod } from "~/lib/conform.server";
import { useTranslation } from "~/lib/i18n";
import { data, Form, href, Link, redirect, redirectDocument, useNavigation } from "react-router";
import { PASSWORD_MIN_LENGTH } from "@domain/account";
import { authorizationCompletedSchema, oauthPaths, signUpRequestSchema, type SignUpRequest } from "@contract/oauth";
import type { Route } from "./+types/register";
import { AuthLayout } from "~/components/auth-layout";
import { FieldErrors, FormErrors, TextField } from "~/components/ui/field";
import { transportFor } from "~/lib/auth.server";
import { replyWithApiError } from "~/lib/forms.server";
import { callHostApi } from "~/lib/host-api.server";
import { getLocale, serverT } from "~/lib/i18n.server";

const schema = signUpRequestSchema;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!url.searchParams.has("client_id")) throw redirect(href("/redirect/register"));
  return data({ authorizeQuery: url.search.slice(1), title: serverT(context)("auth.signUp.title"), constraint: constraintOf(schema) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  try {
    const { data: result } = await callHostApi(transportFor(context, request), "POST", oauthPaths.signUp, {
      body: { ...submission.value, locale: getLocale(context) } satisfies SignUpRequest,
      schema: authorizationCompletedSchema,
    });
    // The callback sets the session cookie; it runs as a document request, not a data request.
    return redirectDocument(result.redirectTo);
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error, { hideFields: ["password"] });
    return data(result, { status });
  }
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: { type: "individual" }, constraint: loaderData.constraint });
  return (
    <AuthLayout
      title={t("auth.signUp.title")}
      footer={
        <>
          {t("auth.signUp.haveAccount")} <Link to={{ pathname: href("/login"), search: loaderData.authorizeQuery }}>{t("auth.signIn.link")}</Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="authorizeQuery" value={loaderData.authorizeQuery} />
        <fieldset className="field" aria-describedby={fields.type.errors?.length ? fields.type.errorId : undefined}>
          <legend>{t("auth.fields.accountType")}</legend>
          {(["individual", "company"] as const).map((type) => (
            <label key={type} className="choice">
              <input type="radio" name={fields.type.name} value={type} defaultChecked={fields.type.initialValue === type} />
              {t(`auth.accountTypes.${type}`)}
            </label>
          ))}
          <FieldErrors id={fields.type.errorId} errors={fields.type.errors} />
        </fieldset>
        <div className="form-columns">
          <TextField field={fields.firstName} label={t("auth.fields.firstName")} autoComplete="given-name" />
          <TextField field={fields.lastName} label={t("auth.fields.lastName")} autoComplete="family-name" />
        </div>
        <TextField
          field={fields.companyName}
          label={t("auth.fields.companyName")}
          autoComplete="organization"
          hint={t("auth.fields.companyNameHint")}
        />
        <TextField field={fields.email} label={t("auth.fields.email")} type="email" autoComplete="email" />
        <TextField
          field={fields.password}
          label={t("auth.fields.password")}
          type="password"
          autoComplete="new-password"
          hint={t("auth.fields.passwordHint", { count: PASSWORD_MIN_LENGTH })}
        />
        <button type="submit" className="button button--primary button--block" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? t("auth.signUp.pending") : t("auth.signUp.submit")}
        </button>
      </Form>
    </AuthLayout>
  );
}
