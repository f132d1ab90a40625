import { useTranslation } from "~/lib/i18n";
import { data, Form, href, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/audit-log";
import { AUDIT_ACTIONS } from "@domain/audit";
import { EmptyState } from "~/components/ui/empty-state";
import * as icons from "~/components/ui/icons";
import { FormErrors } from "~/components/ui/field";
import { EmailAddress } from "~/components/ui/email-address";
import { Table } from "~/components/ui/table";
import { hostApi } from "@contract/index";
import type { AuditLogEntry } from "@contract/staff";
import { authContext } from "~/lib/auth.server";
import { useFormat } from "~/lib/format";
import { serverT } from "~/lib/i18n.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

/** The filters as typed; a field that cannot be a filter is left out rather than refused. */
const querySchema = z.object({
  actor: z.string().trim().max(100).catch(""),
  host: z.string().trim().max(100).catch(""),
  action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000).catch(1),
});

type Filters = z.infer<typeof querySchema>;

function pageHref(filters: Filters, page: number) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, page })) if (value) params.set(name, String(value));
  return `?${params}`;
}

/** What staff did to hosts' accounts: who, for whom, what and when. To anyone else this page does not exist. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, call } = context.get(authContext);
  if (user.role !== "staff" || user.isImpersonating) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const filters = querySchema.parse(Object.fromEntries(url.searchParams));
  const title = serverT(context)("auditLog.title");
  if (filters.from && filters.to && filters.from > filters.to) {
    return { title, filters, errors: ["date_range_invalid"], log: { items: [], pagination: { current: 1, next: 1 } } };
  }
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ""));
  const log = await call(hostApi.staff.auditLog, { query });
  return { title, filters, errors: undefined, log };
}

/** An action's key in the locale files: `identity-verification.set` → `identityVerificationSet`. */
const actionKey = (action: string) => action.replace(/[.-](\w)/g, (_, letter: string) => letter.toUpperCase());

function personName(person: { firstName: string; lastName: string; companyName: string | null }) {
  return person.companyName ?? `${person.firstName} ${person.lastName}`.trim();
}

/** What was done, in words: the act and what it touched. */
function useDescribe() {
  const { t } = useTranslation();
  return (entry: AuditLogEntry) => {
    const details = entry.details;
    switch (entry.action) {
      case "feature.set":
        return t(details.enabled ? "auditLog.entries.featureOn" : "auditLog.entries.featureOff", {
          feature: t(`featureToggle.features.${String(details.feature)}`, { defaultValue: String(details.feature) }),
        });
      case "identity-verification.set":
        return t(details.applicable ? "auditLog.entries.identityVerificationOn" : "auditLog.entries.identityVerificationOff");
      case "identity-verification.decide":
        return details.status === "COMPLETED" ? t("auditLog.entries.identityVerificationCompleted") : t("auditLog.entries.identityVerificationFailed", { reason: String(details.reason ?? "") });
      case "unit.reject":
        return t("auditLog.entries.unitReject", { unit: String(details.unitTitle || details.unitId), reason: String(details.reason ?? "") });
      case "impersonation.start":
        return t("auditLog.entries.impersonationStart");
      case "impersonation.stop":
        return t("auditLog.entries.impersonationStop");
      default:
        return entry.action;
    }
  };
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const describe = useDescribe();
  const { filters, log, errors } = loaderData;
  const filtered = Boolean(filters.actor || filters.host || filters.action || filters.from || filters.to);
  return (
    <div className="page stack">
      <h1>{t("auditLog.title")}</h1>
      <p>{t("auditLog.intro")}</p>
      <Form method="get" className="stack" aria-labelledby="audit-log-filters">
        <h2 id="audit-log-filters" className="visually-hidden">
          {t("auditLog.filters")}
        </h2>
        <FormErrors id="audit-log-errors" errors={errors} />
        <div className="form-columns">
          <div className="field">
            <label htmlFor="audit-actor">{t("auditLog.actor")}</label>
            <input id="audit-actor" type="search" name="actor" defaultValue={filters.actor} maxLength={100} />
          </div>
          <div className="field">
            <label htmlFor="audit-host">{t("auditLog.host")}</label>
            <input id="audit-host" type="search" name="host" defaultValue={filters.host} maxLength={100} />
          </div>
          <div className="field">
            <label htmlFor="audit-action">{t("auditLog.action")}</label>
            <select id="audit-action" name="action" defaultValue={filters.action ?? ""}>
              <option value="">{t("auditLog.allActions")}</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {t(`auditLog.actions.${actionKey(action)}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="audit-from">{t("auditLog.from")}</label>
            <input id="audit-from" type="date" name="from" defaultValue={filters.from ?? ""} aria-describedby={errors ? "audit-log-errors" : undefined} />
          </div>
          <div className="field">
            <label htmlFor="audit-to">{t("auditLog.to")}</label>
            <input id="audit-to" type="date" name="to" defaultValue={filters.to ?? ""} aria-invalid={errors ? true : undefined} aria-describedby={errors ? "audit-log-errors" : undefined} />
          </div>
        </div>
        <div className="inline-form">
          <button type="submit" className="button button--primary">
            {t("auditLog.filter")}
          </button>
          {filtered ? <Link to={href("/staff/audit-log")}>{t("auditLog.clear")}</Link> : null}
        </div>
      </Form>
      {log.items.length === 0 ? (
        <EmptyState icon={filtered ? icons.search : icons.history}>{filtered ? t("auditLog.emptyFiltered") : t("auditLog.empty")}</EmptyState>
      ) : (
        <Table
          caption={t("auditLog.title")}
          rows={log.items}
          rowKey={(entry) => entry.id}
          columns={[
            { label: t("auditLog.when"), render: (entry) => <time dateTime={entry.createdAt}>{format.dateTime(entry.createdAt)}</time> },
            {
              label: t("auditLog.who"),
              render: (entry) => (
                <>
                  {personName(entry.actor)}
                  <br />
                  <span className="muted">
                    <EmailAddress address={entry.actor.email} />
                  </span>
                </>
              ),
            },
            {
              label: t("auditLog.forWhom"),
              render: (entry) =>
                entry.host ? (
                  <>
                    {personName(entry.host)}
                    <br />
                    <span className="muted">
                      <EmailAddress address={entry.host.email} />
                    </span>
                  </>
                ) : (
                  "—"
                ),
            },
            { label: t("auditLog.what"), render: (entry) => describe(entry) },
          ]}
        />
      )}
      <nav className="pagination" aria-label={t("commons.pagination")}>
        {log.pagination.current > 1 ? <Link to={pageHref(filters, log.pagination.current - 1)}>{t("commons.previous")}</Link> : null}
        {log.pagination.next > log.pagination.current ? <Link to={pageHref(filters, log.pagination.next)}>{t("commons.next")}</Link> : null}
      </nav>
    </div>
  );
}
