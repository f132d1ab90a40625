import { useTranslation } from "~/lib/i18n";
import { href, Link, redirect } from "react-router";
import type { Route } from "./+types/front-door";
import { AuthLayout } from "~/components/auth-layout";
import { hasSession } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await hasSession(request, context)) throw redirect(href("/home"));
  return { title: serverT(context)("frontDoor.title") };
}

export default function FrontDoor() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t("frontDoor.title")} footer={<Link to={href("/legal")}>{t("legal.title")}</Link>}>
      <p>{t("frontDoor.description")}</p>
      <div className="button-row">
        <a className="button button--primary" href={href("/redirect/login")}>
          {t("auth.signIn.submit")}
        </a>
        <a className="button" href={href("/redirect/register")}>
          {t("auth.signUp.link")}
        </a>
      </div>
    </AuthLayout>
  );
}
