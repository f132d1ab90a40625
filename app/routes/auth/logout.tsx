import { useTranslation } from "~/lib/i18n";
import { Form, href, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { AuthLayout } from "~/components/auth-layout";
import { hasSession, signOut } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";
import { forgetHostChatData } from "~/lib/chat-storage";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** Signing out changes state, so it is a POST; a GET shows the button to confirm. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await hasSession(request, context))) throw redirect(href("/"));
  return { title: serverT(context)("auth.signOut") };
}

export async function action({ request, context }: Route.ActionArgs) {
  return signOut(request, context);
}

export default function Logout() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t("auth.signOutConfirm.title")}>
      <Form method="post" onSubmit={forgetHostChatData}>
        <button type="submit" className="button button--primary">
          {t("auth.signOut")}
        </button>
      </Form>
    </AuthLayout>
  );
}
