import { useTranslation } from "~/lib/i18n";
import type { Route } from "./+types/atc";
import { AuthLayout } from "~/components/auth-layout";
import { serverT } from "~/lib/i18n.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { title: serverT(context)("legal.atc.title") };
}

/** The terms hosts accept when they list with the marketplace. */
export default function TermsForHosts() {
  const { t } = useTranslation();
  const sections = ["scope", "listing", "bookings", "payments", "termination"] as const;
  return (
    <AuthLayout title={t("legal.atc.title")}>
      {sections.map((section) => (
        <section key={section}>
          <h2>{t(`legal.atc.sections.${section}.title`)}</h2>
          <p>{t(`legal.atc.sections.${section}.body`)}</p>
        </section>
      ))}
    </AuthLayout>
  );
}
