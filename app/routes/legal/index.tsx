import { useTranslation } from "~/lib/i18n";
import { href, Link } from "react-router";
import type { Route } from "./+types/index";
import { AuthLayout } from "~/components/auth-layout";
import { serverT } from "~/lib/i18n.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { title: serverT(context)("legal.title") };
}

export default function Legal() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t("legal.title")}>
      <h2>{t("legal.provider.title")}</h2>
      <p>{t("legal.provider.body")}</p>
      <h2>{t("legal.privacy.title")}</h2>
      <p>{t("legal.privacy.body")}</p>
      <h2>{t("legal.cookies.title")}</h2>
      <p>{t("legal.cookies.body")}</p>
      <p>
        <Link to={href("/legal/atc")}>{t("legal.atc.title")}</Link>
      </p>
    </AuthLayout>
  );
}
