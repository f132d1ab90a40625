import { getFormProps, useHostForm } from "~/lib/conform";
import { constraintOf, parseWithZod } from "~/lib/conform.server";
import { useTranslation } from "~/lib/i18n";
import { data, Form, href, Link, redirect, redirectDocument, useNavigation } from "react-router";
import { authorizationCompletedSchema, oauthPaths, signInRequestSchema, type SignInRequest } from "@contract/oauth";
import type { Route } from "./+types/login";
import { AuthLayout } from "~/components/auth-layout";
import { FormErrors, TextField } from "~/components/ui/field";
import { transportFor } from "~/lib/auth.server";
import { replyWithApiError } from "~/lib/forms.server";
import { callHostApi } from "~/lib/host-api.server";
import { serverT } from "~/lib/i18n.server";

const schema = signInRequestSchema;

/** A lockout's Retry-After reaches the browser. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The sign-in page of the authorization server; it is reached only with an authorization request. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!url.searchParams.has("client_id")) throw redirect(href("/redirect/login"));
  return data({ authorizeQuery: url.search.slice(1), title: serverT(context)("auth.signIn.title"), constraint: constraintOf(schema) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  try {
    const { data: result } = await callHostApi(transportFor(context, request), "POST", oauthPaths.signIn, {
      body: submission.value satisfies SignInRequest,
      schema: authorizationCompletedSchema,
    });
    // The callback sets the session cookie; it runs as a document request, not a data request.
    return redirectDocument(result.redirectTo);
  } catch (error) {
    const refused = replyWithApiError(submission, error, { hideFields: ["password"] });
    return data(refused.result, { status: refused.status, headers: refused.headers });
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, constraint: loaderData.constraint });
  const registerHref = { pathname: href("/register"), search: loaderData.authorizeQuery };
  return (
    <AuthLayout
      title={t("auth.signIn.title")}
      footer={
        <>
          {t("auth.signIn.noAccount")} <Link to={registerHref}>{t("auth.signUp.link")}</Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="authorizeQuery" value={loaderData.authorizeQuery} />
        <TextField field={fields.email} label={t("auth.fields.email")} type="email" autoComplete="email" />
        <TextField field={fields.password} label={t("auth.fields.password")} type="password" autoComplete="current-password" />
        <button type="submit" className="button button--primary button--block" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? t("auth.signIn.pending") : t("auth.signIn.submit")}
        </button>
      </Form>
    </AuthLayout>
  );
}
