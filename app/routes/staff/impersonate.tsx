import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { data, Form, href, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/impersonate";
import { hostApi } from "@contract/index";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { withQuery } from "~/lib/pages";
import { HostApiError } from "~/lib/host-api.server";
import { serverT } from "~/lib/i18n.server";
import { SearchForm } from "~/components/search-form";
import { EmailAddress } from "~/components/ui/email-address";
import { Table } from "~/components/ui/table";
import { sessionStorage } from "~/lib/session.server";
import { appContext } from "~/lib/context";

export const handle: TranslationsHandle = { i18n: ["properties"], formErrors: false };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

const querySchema = z.object({ search: z.string().trim().max(100).catch(""), page: z.coerce.number().int().min(1).catch(1) });

/** Staff pick a host to act for. To anyone else this page does not exist. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, call } = context.get(authContext);
  if (user.role !== "staff" || user.isImpersonating) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const query = querySchema.parse({ search: url.searchParams.get("search") ?? "", page: url.searchParams.get("page") ?? 1 });
  const hosts = await call(hostApi.staff.hosts, { query });
  return { title: serverT(context)("impersonation.title"), hosts, search: query.search };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start"), userId: z.string().min(1) }),
  z.object({ intent: z.literal("stop") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const { session, call } = context.get(authContext);
  const { env } = context.get(appContext);
  const submission = parseWithZod(await request.formData(), { schema: actionSchema });
  if (submission.status !== "success") throw data(null, { status: 400 });
  const intent = submission.value;
  const storage = sessionStorage(env);
  if (intent.intent === "start") {
    try {
      await call(hostApi.staff.startImpersonation, { body: { userId: intent.userId } });
    } catch (error) {
      if (error instanceof HostApiError && error.status === 404) throw data(null, { status: 404 });
      throw error;
    }
    session.set("impersonating", intent.userId);
    return redirect(href("/home"), { headers: { "Set-Cookie": await storage.commitSession(session) } });
  }
  session.unset("impersonating");
  await call(hostApi.staff.stopImpersonation).catch((error: unknown) => {
    if (!(error instanceof HostApiError && error.status === 409)) throw error;
  });
  return redirect(href("/staff/impersonate"), { headers: { "Set-Cookie": await storage.commitSession(session) } });
}

export default function Impersonate({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { hosts, search } = loaderData;
  const pageLink = (page: number) => withQuery(href("/staff/impersonate"), { search, page: String(page) });
  return (
    <div className="page stack">
      <h1>{t("impersonation.title")}</h1>
      <SearchForm id="host-search" label={t("impersonation.search")} defaultValue={search} />
      {hosts.items.length === 0 ? (
        <p>{t("impersonation.noResults")}</p>
      ) : (
        <Table
          caption={t("impersonation.hosts")}
          rows={hosts.items}
          rowKey={(host) => host.userId}
          columns={[
            { label: t("home.account.name"), render: (host) => host.companyName ?? `${host.firstName} ${host.lastName}` },
            { label: t("home.account.email"), render: (host) => <EmailAddress address={host.email} /> },
            { label: t("home.account.type"), render: (host) => t(`auth.accountTypes.${host.type}`) },
            {
              label: t("commons.actions"),
              hidden: true,
              render: (host) => (
                <Form method="post">
                  <input type="hidden" name="intent" value="start" />
                  <input type="hidden" name="userId" value={host.userId} />
                  <button type="submit" className="button button--small">
                    {t("impersonation.actAs")}
                    <span className="visually-hidden"> {host.email}</span>
                  </button>
                </Form>
              ),
            },
          ]}
        />
      )}
      <nav className="pagination" aria-label={t("commons.pagination")}>
        {hosts.pagination.current > 1 ? (
          <Link to={pageLink(hosts.pagination.current - 1)}>{t("commons.previous")}</Link>
        ) : null}
        {hosts.pagination.next > hosts.pagination.current ? (
          <Link to={pageLink(hosts.pagination.next)}>{t("commons.next")}</Link>
        ) : null}
      </nav>
    </div>
  );
}
