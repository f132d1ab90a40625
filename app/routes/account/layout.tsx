import { Form, href, Outlet, redirect } from "react-router";
import type { Route } from "./+types/layout";
import { isAccountTab, visibleAccountTabs } from "@domain/account-settings";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/icons";
import { Tabs } from "~/components/ui/tabs";
import { authContext } from "~/lib/auth.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { requestedPage } from "~/lib/pages";
import { useRootData } from "~/root";
import { accountTabHref } from "./tabs";
import { forgetHostChatData } from "~/lib/chat-storage";

export const handle: TranslationsHandle = { i18n: ["account", "onboarding"] };

/**
 * The account pages (§2 Account): one tab each, shown per the host's settings (§6); a tab the host
 * does not see leads to the profile. On phones the help center and sign-out close the list.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { user } = context.get(authContext);
  const tabs = visibleAccountTabs(user);
  const requested = requestedPage(request);
  if (isAccountTab(requested) && !tabs.includes(requested)) throw redirect(accountTabHref("profile"));
  return { tabs };
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <div className="page stack account">
      <h1>{t("account:title")}</h1>
      <Tabs label={t("account:tabsLabel")} tabs={loaderData.tabs.map((tab) => ({ to: accountTabHref(tab), label: t(`account:tab.${tab}`) }))} />
      <Outlet />
      <nav className="account__phone-links card stack" aria-label={t("account:more")}>
        <a href={root?.brand.helpCenterUrl ?? "/"} target="_blank" rel="noreferrer" className="nav__link">
          <Icon icon={icons.help} />
          {t("nav.helpCenter")}
          <span className="visually-hidden"> {t("commons.opensInNewTab")}</span>
        </a>
        <Form method="post" action={href("/logout")} onSubmit={forgetHostChatData}>
          <button type="submit" className="button button--ghost">
            <Icon icon={icons.signOut} />
            {t("auth.signOut")}
          </button>
        </Form>
      </nav>
    </div>
  );
}
