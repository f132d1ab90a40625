import { lazy, Suspense } from "react";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { data, Form, href, Link, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/index";
import type { PropertyListItem } from "@contract/properties";
import { authContext } from "~/lib/auth.server";
import { propertyListQuery } from "~/lib/property-list-query";
import { parseWithZod } from "~/lib/conform.server";
import { unitHref, withQuery } from "~/lib/pages";
import { HostApiError } from "~/lib/host-api.server";
import { serverT } from "~/lib/i18n.server";
import { photoSrc } from "~/lib/media";
import { useFormat } from "~/lib/format";
import { SearchForm } from "~/components/search-form";
import { DialogLink } from "~/components/dialog-link";
import type { RegionalFieldLoader } from "./regional-field";
import { runBulkAction, type BulkResult } from "./bulk-actions.server";
import { MAX_BULK_SELECTION } from "./bulk-limits";
import { EmptyState } from "~/components/ui/empty-state";
import * as icons from "~/components/ui/icons";
import { StatusPill } from "~/components/ui/status-pill";
import { Thumbnail } from "~/components/ui/thumbnail";
import { Table } from "~/components/ui/table";
import { hostApi } from "@contract/index";

export const handle: TranslationsHandle = { i18n: ["properties"] };

// The registration-number form (and its validation library) loads only when a host opens it.
const RegionalFieldForm = lazy(() => import("./regional-field").then((module) => ({ default: module.RegionalFieldForm })));

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { search, page } = propertyListQuery(new URL(request.url));
  const { call, propertyList } = context.get(authContext);
  // The list as it opens came with the shell's call (decision 024).
  const list = search ? await call(hostApi.properties.listItems, { query: { "criteria[search]": search, page } }) : await propertyList(page);
  return { title: serverT(context)("properties:title"), list, search };
}

/** The properties ticked: at least one, at most as many as one call takes. */
const selection = z.array(z.string().min(1), { message: "selection_empty" }).min(1, "selection_empty").max(MAX_BULK_SELECTION, "selection_too_large");

/** The bulk buttons: each names its action; deleting asks first and is confirmed by a button of its own. */
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish"), propertyId: selection }),
  z.object({ intent: z.literal("unpublish"), propertyId: selection }),
  z.object({ intent: z.literal("delete"), propertyId: selection }),
  z.object({ intent: z.literal("confirmDelete"), propertyId: selection }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: actionSchema });
  if (submission.status !== "success") {
    const refused = submission.error?.propertyId?.[0];
    // Only the buttons send an intent: any other is no request of this page.
    if (!refused) throw data(null, { status: 400 });
    return data({ kind: "error" as const, error: refused === "selection_too_large" ? refused : "selection_empty" }, { status: 400 });
  }
  const { intent, propertyId } = submission.value;
  // Deleting asks first: the answer is a confirmation naming the selection.
  if (intent === "delete") return { kind: "confirm" as const, propertyIds: propertyId };
  const { call } = context.get(authContext);
  try {
    const results = await runBulkAction(call, intent === "confirmDelete" ? "delete" : intent, propertyId);
    return { kind: "results" as const, intent: intent === "confirmDelete" ? ("delete" as const) : intent, results };
  } catch (error) {
    // All or nothing: a selected property deleted meanwhile (or not the host's) changes none.
    if (error instanceof HostApiError && error.status === 404) return data({ kind: "error" as const, error: "selection_stale" }, { status: 409 });
    throw error;
  }
}

/** A unit still being described: the listing wizard resumes it. */
const unitInProgress = (item: PropertyListItem) => item.units.find((u) => u.state === "IN_PROGRESS");

/** What staff wrote, first under the labels; in a property of several units, naming the unit. */
function RejectionReason({ item, reason }: { item: PropertyListItem; reason: string }) {
  const { t } = useTranslation();
  const unit = item.units.find((u) => u.id === item.rejectedUnitId);
  return (
    <p>
      {item.propertyType === "multi" && unit ? (
        <>
          <Link to={unitHref({ propertyId: item.id, unitId: unit.id })}>{unit.title || t("properties:untitled")}</Link>:{" "}
        </>
      ) : null}
      {reason}
    </p>
  );
}

function StatusLabel({ item }: { item: PropertyListItem }) {
  const { t } = useTranslation();
  const location = useLocation();
  const display = item.display;
  if (display.kind === "actionNeeded") {
    const unitId = display.field?.propertyUnitId ?? item.units[0]?.id;
    return (
      <div className="stack stack--tight">
        <StatusPill tone="error">{t("properties:status.actionNeeded")}</StatusPill>
        {display.rejected ? <StatusPill tone="error">{t("properties:status.rejected")}</StatusPill> : null}
        {display.rejected && item.rejectionReason ? <RejectionReason item={item} reason={item.rejectionReason} /> : null}
        {display.field ? <p>{t(`properties:invalidField.${display.field.field}`)}</p> : null}
        {display.field && unitId ? (
          <DialogLink<RegionalFieldLoader>
            to={withQuery(href("/properties/:propertyId/units/:unitId/regional/:field", { propertyId: item.id, unitId, field: display.field.field }), { returnTo: `${location.pathname}${location.search}` })}
            render={(loaded) => (
              <Suspense fallback={<p role="status">{t("dialog.loading")}</p>}>
                <RegionalFieldForm data={loaded} inDialog />
              </Suspense>
            )}
          >
            {t("properties:invalidField.update")}
          </DialogLink>
        ) : null}
      </div>
    );
  }
  return <StatusPill tone={display.tone}>{t(`properties:state.${display.state}`)}</StatusPill>;
}

function BulkSummary({ results, intent }: { results: BulkResult[]; intent: "publish" | "unpublish" | "delete" }) {
  const { t } = useTranslation();
  return (
    <section className="banner banner--info" role="status" aria-labelledby="bulk-summary-title">
      <h2 id="bulk-summary-title">{t(`properties:bulk.summary.${intent}`)}</h2>
      <ul>
        {results.map((r) => (
          <li key={r.propertyId}>
            <strong>{r.title || t("properties:untitled")}</strong>: {t(`properties:bulk.outcome.${r.outcome}`)}
            {r.reasons.length ? ` (${r.reasons.map((reason) => t(`properties:publishProblem.${reason}`, { defaultValue: reason })).join(", ")})` : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Properties({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigation = useNavigation();
  const { list, search } = loaderData;
  const busy = navigation.state === "submitting";
  const confirming = actionData?.kind === "confirm" ? new Set(actionData.propertyIds) : null;
  // The selection is made on this page, so its titles and states are at hand.
  const toDelete = confirming ? list.items.filter((item) => confirming.has(item.id)) : [];
  const live = toDelete.filter((item) => item.unitSummary.publishedCount > 0);
  const titleOf = (item: PropertyListItem) => item.title || t("properties:untitled");
  const pageHref = (page: number) => withQuery(href("/properties"), { ...(search ? { search } : {}), page: String(page) });
  return (
    <div className="page stack">
      <div className="page-heading">
        <h1>{t("properties:title")}</h1>
        <Link to={href("/listing")} className="button button--primary">
          {t("properties:addProperty")}
        </Link>
      </div>
      <SearchForm id="property-search" label={t("properties:search.label")} defaultValue={search} clearHref={href("/properties")} />
      {actionData?.kind === "results" ? <BulkSummary results={actionData.results} intent={actionData.intent} /> : null}
      {actionData?.kind === "error" ? (
        <p className="form-errors" role="alert">
          {t(`properties:bulk.errors.${actionData.error}`, { count: MAX_BULK_SELECTION })}
        </p>
      ) : null}
      {list.items.length === 0 ? (
        <EmptyState icon={search ? icons.search : icons.properties}>{search ? t("properties:empty.search", { search }) : t("properties:empty.none")}</EmptyState>
      ) : (
        // A new result remounts the form, so that the next action starts from an empty selection.
        <Form method="post" className="stack" key={actionData?.kind === "results" ? `${actionData.intent}:${actionData.results.map((r) => r.propertyId).join()}` : "list"}>
          {confirming ? (
            <div className="banner banner--warning" role="alert">
              <p>{t("properties:bulk.confirmDelete", { count: confirming.size })}</p>
              <ul>
                {toDelete.map((item) => (
                  <li key={item.id}>{titleOf(item)}</li>
                ))}
              </ul>
              {live.length ? (
                <p>
                  <strong>{t("properties:bulk.confirmDeleteLive")}</strong> {live.map(titleOf).join(", ")}
                </p>
              ) : null}
              <div className="button-row">
                <button type="submit" name="intent" value="confirmDelete" className="button button--danger" disabled={busy}>
                  {t("properties:bulk.confirmDeleteButton")}
                </button>
                <Link to={pageHref(list.pagination.current)} className="button">
                  {t("properties:bulk.cancel")}
                </Link>
              </div>
            </div>
          ) : null}
          <fieldset className="bulk-actions" disabled={busy}>
            <legend>{t("properties:bulk.legend")}</legend>
            <button type="submit" name="intent" value="publish" className="button">
              {t("properties:bulk.publish")}
            </button>
            <button type="submit" name="intent" value="unpublish" className="button">
              {t("properties:bulk.unpublish")}
            </button>
            <button type="submit" name="intent" value="delete" className="button">
              {t("properties:bulk.delete")}
            </button>
          </fieldset>
          <Table
            caption={t("properties:title")}
            rows={list.items}
            rowKey={(item) => item.id}
            selectable
            columns={[
              {
                label: t("properties:columns.select"),
                hidden: true,
                render: (item) => (
                  <input
                    type="checkbox"
                    name="propertyId"
                    value={item.id}
                    id={`select-${item.id}`}
                    defaultChecked={confirming?.has(item.id) ?? false}
                    aria-label={t("properties:columns.selectOne", { title: item.title || t("properties:untitled") })}
                  />
                ),
              },
              {
                label: t("properties:columns.property"),
                render: (item) => (
                  <div className="property-cell">
                    <Thumbnail src={item.thumbnail ? photoSrc(item.thumbnail) : null} />
                    <div>
                      <Link to={href("/properties/:propertyId", { propertyId: item.id })} className="property-cell__title">
                        {item.title || t("properties:untitled")}
                      </Link>
                      <p className="muted">{[item.city, item.countryCode ? format.country(item.countryCode) : null].filter(Boolean).join(", ")}</p>
                    </div>
                  </div>
                ),
              },
              { label: t("properties:columns.units"), render: (item) => t("properties:unitCount", { count: item.unitSummary.count, published: item.unitSummary.publishedCount }) },
              {
                label: t("properties:columns.status"),
                render: (item) => (
                  <>
                    <StatusLabel item={item} />
                    {unitInProgress(item) ? (
                      <p>
                        <Link to={href("/listing/property/:propertyId/unit/:unitId", { propertyId: item.id, unitId: unitInProgress(item)!.id })}>{t("properties:continueListing")}</Link>
                      </p>
                    ) : null}
                  </>
                ),
              },
            ]}
          />
        </Form>
      )}
      <nav className="pagination" aria-label={t("commons.pagination")}>
        {list.pagination.current > 1 ? <Link to={pageHref(list.pagination.current - 1)}>{t("commons.previous")}</Link> : null}
        <span>{t("properties:pageOf", { page: list.pagination.current, pages: Math.max(1, Math.ceil(list.pagination.total / list.pagination.pageSize)) })}</span>
        {list.pagination.next > list.pagination.current ? <Link to={pageHref(list.pagination.next)}>{t("commons.next")}</Link> : null}
      </nav>
    </div>
  );
}
