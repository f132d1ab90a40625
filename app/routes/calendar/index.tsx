import { href, Link, redirect } from "react-router";
import type { Route } from "./+types/index";
import { hostApi } from "@contract/index";
import { EmptyState } from "~/components/ui/empty-state";
import { buttonClass } from "~/components/ui/button";
import * as icons from "~/components/ui/icons";
import { authContext } from "~/lib/auth.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";

export const handle: TranslationsHandle = { i18n: ["calendar"] };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The calendar opens on the host's first unit; a host without units is told how to list one. */
export async function loader({ context }: Route.LoaderArgs) {
  const { call } = context.get(authContext);
  const list = await call(hostApi.properties.listItems, { query: { page: 1 } });
  const first = list.items.flatMap((p) => p.units)[0];
  if (first) throw redirect(href("/calendar/:unitId", { unitId: first.id }));
  return { title: serverT(context)("calendar:title") };
}

export default function CalendarIndex() {
  const { t } = useTranslation();
  return (
    <div className="page stack">
      <h1>{t("calendar:title")}</h1>
      <EmptyState
        icon={icons.calendar}
        action={
          <Link className={buttonClass({ variant: "primary" })} to={href("/listing")}>
            {t("calendar:empty.action")}
          </Link>
        }
      >
        {t("calendar:empty.text")}
      </EmptyState>
    </div>
  );
}
