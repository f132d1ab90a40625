import { useTranslation } from "~/lib/i18n";
import { Form, href } from "react-router";

export function ImpersonationBanner({ hostName, staffName }: { hostName: string; staffName: string }) {
  const { t } = useTranslation();
  return (
    <div className="impersonation-banner" role="alert">
      <strong>STAFF IMPERSONATION</strong>
      <span>{t("impersonation.actingAs", { host: hostName, staff: staffName })}</span>
      <Form method="post" action={href("/staff/impersonate")}>
        <input type="hidden" name="intent" value="stop" />
        <button type="submit" className="button button--small">
          {t("impersonation.stop")}
        </button>
      </Form>
    </div>
  );
}
