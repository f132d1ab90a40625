import { data, Form, href, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/verifications";
import { hostApi } from "@contract/index";
import { KYC_STATUSES } from "@domain/kyc-states";
import { authContext } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";
import { useFormat } from "~/lib/format";
import { withQuery } from "~/lib/pages";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { EmailAddress } from "~/components/ui/email-address";
import { EmptyState } from "~/components/ui/empty-state";
import * as icons from "~/components/ui/icons";
import { Table } from "~/components/ui/table";

export const handle: TranslationsHandle = { i18n: ["verification"], formErrors: false };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

const querySchema = z.object({ status: z.enum(KYC_STATUSES).catch("IN_PROGRESS"), page: z.coerce.number().int().min(1).max(10_000).catch(1) });

/** Staff see hosts' verifications by status, those waiting longest first. To anyone else this page does not exist. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, call } = context.get(authContext);
  if (user.role !== "staff" || user.isImpersonating) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const query = querySchema.parse({ status: url.searchParams.get("status") ?? undefined, page: url.searchParams.get("page") ?? 1 });
  const queue = await call(hostApi.kycReview.queue, { query });
  return { title: serverT(context)("verification:staff.title"), queue, status: query.status };
}

export default function StaffVerifications({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { queue, status } = loaderData;
  const pageHref = (page: number) => withQuery(href("/staff/verifications"), { status, page: String(page) });
  return (
    <div className="page stack">
      <h1>{t("verification:staff.title")}</h1>
      <Form method="get" className="inline-form" aria-label={t("verification:staff.filter")}>
        <div className="field">
          <label htmlFor="verification-status">{t("verification:staff.status")}</label>
          <select id="verification-status" name="status" defaultValue={status}>
            {KYC_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`verification:status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t("verification:staff.show")}
        </button>
      </Form>
      {queue.items.length === 0 ? (
        <EmptyState icon={icons.search}>{t("verification:staff.empty")}</EmptyState>
      ) : (
        <Table
          caption={t(`verification:status.${status}`)}
          rows={queue.items}
          rowKey={(host) => host.userId}
          columns={[
            {
              label: t("verification:staff.host"),
              render: (host) => (
                <>
                  <Link to={href("/staff/verifications/:userId", { userId: host.userId })}>{host.companyName ?? `${host.firstName} ${host.lastName}`}</Link>
                  <br />
                  <span className="muted">
                    <EmailAddress address={host.email} />
                  </span>
                </>
              ),
            },
            { label: t("verification:staff.type"), render: (host) => t(`verification:staff.types.${host.type}`) },
            { label: t("verification:staff.startedAt"), render: (host) => (host.startedAt ? <time dateTime={host.startedAt}>{format.dateTime(host.startedAt)}</time> : "—") },
          ]}
        />
      )}
      <nav className="pagination" aria-label={t("commons.pagination")}>
        {queue.pagination.current > 1 ? <Link to={pageHref(queue.pagination.current - 1)}>{t("commons.previous")}</Link> : null}
        {queue.pagination.next > queue.pagination.current ? <Link to={pageHref(queue.pagination.next)}>{t("commons.next")}</Link> : null}
      </nav>
    </div>
  );
}
