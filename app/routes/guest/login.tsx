import { getFormProps, useHostForm } from "~/lib/conform";
import { useEffect } from "react";
import { data, Form, href, redirect, useNavigation } from "react-router";
import { guest, guestSessionBodySchema } from "@contract/guest";
import type { Route } from "./+types/login";
import { AuthLayout } from "~/components/auth-layout";
import { Banner } from "~/components/ui/banner";
import { FormErrors, TextField } from "~/components/ui/field";
import { constraintOf, parseWithZod } from "~/lib/conform.server";
import { replyWithApiError } from "~/lib/forms.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import { publicCaller } from "~/routes/stays/public-api.server";
import { forgetGuestData } from "./guest-storage";
import { signedInCookie } from "./guest-session.server";

const schema = guestSessionBodySchema;

export const handle: TranslationsHandle = { i18n: ["guest"] };

/** A lockout's Retry-After reaches the browser. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/**
 * The guest's sign-in (§2 Guest): the code of a booking, request or inquiry and the email it was
 * made with. `?code=` fills the code in (the confirmation page links here with it); `?expired=1`
 * says the guest was signed out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const code = url.searchParams.get("code")?.slice(0, 32) ?? "";
  return { title: serverT(context)("guest:login.title"), code, expired: url.searchParams.has("expired"), constraint: constraintOf(schema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const session = await publicCaller(context, request)(guest.signIn, { body: submission.value });
    return redirect(href("/guest/chat"), { headers: { "Set-Cookie": await signedInCookie(context, session.token) } });
  } catch (error) {
    const refused = replyWithApiError(submission, error, { fields: ["code", "email"] });
    return data(refused.result, { status: refused.status, headers: refused.headers });
  }
}

export default function GuestLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: { code: loaderData.code }, constraint: loaderData.constraint });
  // A guest who was signed out leaves nothing of the conversation behind in this browser (§4).
  useEffect(() => forgetGuestData(), []);
  return (
    <AuthLayout title={t("guest:login.title")}>
      <p>{t("guest:login.intro")}</p>
      {loaderData.expired ? <Banner tone="info">{t("guest:login.expired")}</Banner> : null}
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.code} label={t("guest:login.code")} autoComplete="off" hint={t("guest:login.codeHint")} />
        <TextField field={fields.email} label={t("guest:login.email")} type="email" autoComplete="email" />
        <button type="submit" className="button button--primary button--block" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? t("guest:login.pending") : t("guest:login.submit")}
        </button>
      </Form>
    </AuthLayout>
  );
}
