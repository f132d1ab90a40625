import { Form, href, Link } from "react-router";
import type { Route } from "./+types/list";
import { receivesPayouts } from "@domain/user-flags";
import { BookingStatus, InquiryStatus, RequestStatus } from "~/components/bookings/status";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import * as icons from "~/components/ui/icons";
import { SelectField } from "~/components/ui/select-field";
import { Table } from "~/components/ui/table";
import { Tabs } from "~/components/ui/tabs";
import { TextInput } from "~/components/ui/text-input";
import { authContext, type Auth } from "~/lib/auth.server";
import { useFormat } from "~/lib/format";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import { withQuery } from "~/lib/pages";
import { allTabListQuery, bookingsListQuery, filtersOf, inquiriesListQuery, INQUIRY_FILTERS, rangeReversed, requestsListQuery, type Filters } from "~/lib/bookings-query";
import { requireBookings, requireInquiries } from "./guards.server";
import stylesheet from "~/components/bookings/bookings.css?url";

export const handle: TranslationsHandle = { i18n: ["bookings"], formErrors: false };

/** /bookings/{tab} needs bookings; /inquiries (the same list, without the tabs) inquiries. */
export const middleware: Route.MiddlewareFunction[] = [(args, next) => ("tab" in args.params && args.params.tab ? requireBookings(args, next) : requireInquiries(args, next))];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** §2: the tabs of /bookings/{tab}; inquiries only for hosts who receive them. */
const TABS = ["requests", "upcoming", "current", "completed", "cancelled", "all", "inquiries"] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string): value is Tab => (TABS as readonly string[]).includes(value);

/** A row of the list, whatever it lists. */
interface ListRow {
  kind: "booking" | "request" | "inquiry";
  id: string;
  to: string;
  code: string;
  guest: string;
  unit: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  amount: number;
  /** What the amount is beside what was sold: a cancelled booking's, what it still pays the host; a waiting request's, what it pays once confirmed. */
  amountNote: "afterCancellation" | "ifConfirmed" | null;
  currency: string;
  status: string;
  cancelledBy: "guest" | "owner" | null;
  expires: string | null;
}

/** The list's own address: a tab of /bookings, or /inquiries. */
function basePath(tab: Tab, standalone: boolean) {
  return standalone ? href("/inquiries") : href("/bookings/:tab", { tab });
}

function listHref(path: string, filters: Partial<Filters>) {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value && !(key === "page" && value === 1) && !(key === "status" && value === "all")) query[key] = String(value);
  return withQuery(path, query);
}

type Booking = Awaited<ReturnType<Auth["bookingsList"]>>["items"][number];
type Request = Awaited<ReturnType<Auth["requestsList"]>>["items"][number];

function bookingRow(b: Booking): ListRow {
  return { kind: "booking", id: b.publicId, to: href("/booking-details/:id", { id: b.publicId }), code: b.code, guest: b.customer.fullName, unit: b.propertyUnitSummary.title || b.propertyUnitSummary.propertyTitle, checkIn: b.checkIn, checkOut: b.checkOut, nights: b.nights, guests: b.guests, amount: b.keptOnCancellation?.payout ?? b.payout, amountNote: b.keptOnCancellation ? "afterCancellation" : null, currency: b.currency, status: b.status, cancelledBy: b.cancelledBy, expires: null };
}

/** A request's row: what the guest pays on the Requests tab; on All (a payout column), what it pays the host once confirmed, and nothing once rejected or expired (decision 027). */
function requestRow(r: Request, amount: "total" | "payout"): ListRow {
  const row = { kind: "request" as const, id: r.publicId, to: href("/booking-request-details/:id", { id: r.publicId }), code: r.code, guest: r.customer.fullName, unit: r.propertyUnitSummary.title || r.propertyUnitSummary.propertyTitle, checkIn: r.checkIn, checkOut: r.checkOut, nights: r.nights, guests: r.guests, currency: r.currency, status: r.status, cancelledBy: null, expires: r.pending ? r.expirationTime : null };
  if (amount === "total") return { ...row, amount: r.totalAmount, amountNote: null };
  return { ...row, amount: r.pending ? r.payout : 0, amountNote: r.pending ? "ifConfirmed" : null };
}

/**
 * The bookings of the host by tab (§2): requests waiting for an answer, upcoming, current,
 * completed and cancelled bookings, all of them with the requests that did not become one
 * (decision 027's addendum), and the inquiries; searched by guest or code, filtered by unit and
 * dates, 20 a page; each tab with its count. One list call and the counts; both and the units of
 * the filter come with the shell's call.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  // /inquiries is the inquiries' tab on its own, for staff and hosts with inquiries (§2).
  const standalone = !("tab" in params && params.tab);
  const tab = standalone ? "inquiries" : (params as { tab: string }).tab;
  if (!isTab(tab)) throw new Response(null, { status: 404 });
  const { user, propertyList, bookingsList, requestsList, inquiriesList, allTabList, bookingTabCounts } = context.get(authContext);
  if (tab === "inquiries" && !standalone && !user.inquiriesAvailable) throw new Response(null, { status: 404 });
  const filters = filtersOf(new URL(request.url));
  const listCall = async () => {
    if (tab === "requests") {
      // The page's own list comes with the shell's call (decision 024), as the other tabs' do.
      const list = await requestsList(requestsListQuery(filters));
      return { pagination: list.pagination, rows: list.items.map((r) => requestRow(r, "total")) };
    }
    if (tab === "all") {
      const list = await allTabList(allTabListQuery(filters));
      return { pagination: list.pagination, rows: list.items.map((entry) => (entry.type === "booking" ? bookingRow(entry.booking) : requestRow(entry.request, "payout"))) };
    }
    if (tab === "inquiries") {
      const list = await inquiriesList(inquiriesListQuery(filters));
      return { pagination: list.pagination, rows: list.items.map((q): ListRow => ({ kind: "inquiry", id: q.publicId, to: href("/inquiries/:inquiryId", { inquiryId: q.publicId }), code: q.code, guest: q.customer.fullName, unit: q.propertyUnitSummary.title || q.propertyUnitSummary.propertyTitle, checkIn: q.checkIn, checkOut: q.checkOut, nights: q.nights, guests: q.guests, amount: q.totalAmount, amountNote: null, currency: q.currency, status: q.status, cancelledBy: null, expires: null })) };
    }
    // The page's own list comes with the shell's call (decision 024).
    const list = await bookingsList(bookingsListQuery(tab, filters));
    return { pagination: list.pagination, rows: list.items.map(bookingRow) };
  };
  const [list, properties, counts] = await Promise.all([listCall(), propertyList(1), standalone ? null : bookingTabCounts()]);
  const units = properties.items.flatMap((p) => p.units.map((u) => ({ value: u.id, label: p.propertyType === "multi" && u.title ? `${p.title} · ${u.title}` : u.title || p.title })));
  const t = serverT(context);
  // The bookings' amount is the host's payout, named so only for a host the marketplace pays out; a host on a subscription is paid by the guest: what the guest pays.
  const amountLabel = tab === "requests" || tab === "inquiries" || !receivesPayouts(user) ? "total" : "payout";
  return { title: standalone ? t("bookings:tabs.inquiries") : `${t(`bookings:tabs.${tab}`)} · ${t("bookings:title")}`, tab, standalone, filters, reversed: tab !== "inquiries" && rangeReversed(filters), units, inquiries: user.inquiriesAvailable, counts, amountLabel, ...list };
}

type Row = ListRow;

function StatusOf({ row }: { row: Row }) {
  if (row.kind === "request") return <RequestStatus status={row.status} />;
  if (row.kind === "inquiry") return <InquiryStatus status={row.status} />;
  return <BookingStatus status={row.status} cancelledBy={row.cancelledBy} />;
}

export default function BookingList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { tab, standalone, filters, reversed, units, rows, pagination, inquiries, counts, amountLabel } = loaderData;
  const path = basePath(tab, standalone);
  // Each tab's count is its list's total without filters; the requests waiting for an answer stand out.
  const tabs = TABS.filter((id) => id !== "inquiries" || inquiries).map((id) => ({
    to: href("/bookings/:tab", { tab: id }),
    label: counts ? (
      <>
        {t(`bookings:tabs.${id}`)}
        <span className={id === "requests" && counts.requests ? "tabs__count tabs__count--attention" : "tabs__count"}> {format.number(counts[id])}</span>
      </>
    ) : (
      t(`bookings:tabs.${id}`)
    ),
  }));
  const filtered = !!(filters.search || filters.unitId || filters.from || filters.to || filters.status !== "all");
  const pages = Math.max(1, Math.ceil(pagination.total / pagination.pageSize));
  return (
    <div className="page stack">
      <div className="page-heading">
        <h1>{standalone ? t("bookings:tabs.inquiries") : t("bookings:title")}</h1>
        {standalone ? null : <Link to={href("/account/channel-api-keys")}>{t("bookings:apiKeys.link")}</Link>}
      </div>
      {standalone ? null : <Tabs label={t("bookings:tabsLabel")} tabs={tabs} />}
      {tab === "requests" ? (
        <p className="muted">
          {t("bookings:answeredRequests.text")} <Link to={href("/bookings/:tab", { tab: "all" })}>{t("bookings:answeredRequests.link")}</Link>
        </p>
      ) : null}
      <Form method="get" className="card booking-filters" aria-label={t("bookings:filters.label")}>
        <TextInput name="search" type="text" label={t("bookings:filters.search")} hint={t("bookings:filters.searchHint")} defaultValue={filters.search} key={`search-${filters.search}`} />
        {units.length > 1 ? <SelectField id="filter-unit" name="unitId" label={t("bookings:filters.unit")} value={filters.unitId} options={[{ value: "", label: t("bookings:filters.allUnits") }, ...units]} key={`unit-${filters.unitId}`} /> : null}
        {tab === "inquiries" ? (
          <SelectField id="filter-status" name="status" label={t("bookings:filters.status")} value={filters.status} options={INQUIRY_FILTERS.map((value) => ({ value, label: t(`bookings:filters.inquiryStatus.${value}`) }))} key={`status-${filters.status}`} />
        ) : (
          <>
            <TextInput name="from" type="date" label={t("bookings:filters.from")} defaultValue={filters.from} key={`from-${filters.from}`} />
            <TextInput name="to" type="date" label={t("bookings:filters.to")} defaultValue={filters.to} key={`to-${filters.to}`} errors={reversed ? [t("bookings:filters.reversed")] : undefined} />
          </>
        )}
        <div className="button-row">
          <Button icon={icons.search}>{t("bookings:filters.apply")}</Button>
          {filtered ? <Link to={path}>{t("bookings:filters.clear")}</Link> : null}
        </div>
      </Form>
      {reversed ? null : rows.length ? (
        <>
          <Table
            caption={t(`bookings:tabs.${tab}`)}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              {
                label: t("bookings:columns.guest"),
                render: (row) => (
                  <div className="stack stack--tight">
                    <Link to={row.to}>{row.guest}</Link>
                    <span className="muted booking-code">{row.code}</span>
                  </div>
                ),
              },
              { label: t("bookings:columns.unit"), render: (row) => row.unit },
              {
                label: t("bookings:columns.dates"),
                render: (row) => (
                  <>
                    {t("bookings:dates", { from: format.date(row.checkIn), to: format.date(row.checkOut) })}
                    <br />
                    <span className="muted">
                      {t("bookings:nights", { count: row.nights })} · {t("bookings:guests", { count: row.guests })}
                    </span>
                  </>
                ),
              },
              { label: t(`bookings:columns.${amountLabel}`), render: (row) => (
                  <>
                    <span className="numeric">{format.money(row.amount, row.currency)}</span>
                    {row.amountNote ? (
                      <>
                        <br />
                        <span className="muted">{t(`bookings:columns.${row.amountNote}`)}</span>
                      </>
                    ) : null}
                  </>
                ),
              },
              {
                label: t("bookings:columns.status"),
                render: (row) => (
                  <div className="stack stack--tight">
                    <StatusOf row={row} />
                    {row.expires ? <span className="muted">{t("bookings:answerBy", { time: format.dateTime(row.expires) })}</span> : null}
                  </div>
                ),
              },
            ]}
          />
          {pages > 1 ? (
            <nav className="pagination" aria-label={t("commons.pagination")}>
              {pagination.current > 1 ? <Link to={listHref(path, { ...filters, page: pagination.current - 1 })}>{t("commons.previous")}</Link> : null}
              <span>{t("bookings:pageOf", { page: pagination.current, pages })}</span>
              {pagination.next > pagination.current ? <Link to={listHref(path, { ...filters, page: pagination.next })}>{t("commons.next")}</Link> : null}
            </nav>
          ) : null}
        </>
      ) : pagination.total > 0 ? (
        // A page past the last one (an old link, fewer stays since): the stays are there, on earlier pages.
        <EmptyState icon={tab === "inquiries" ? icons.inquiries : icons.bookings} action={<Link to={listHref(path, { ...filters, page: pages })}>{t("bookings:pastLastPage.link", { page: pages })}</Link>}>
          {t("bookings:pastLastPage.text")}
        </EmptyState>
      ) : (
        <EmptyState icon={tab === "inquiries" ? icons.inquiries : icons.bookings} action={filtered ? <Link to={path}>{t("bookings:filters.clear")}</Link> : undefined}>
          {filtered ? t("bookings:empty.filtered") : t(`bookings:empty.${tab}`)}
        </EmptyState>
      )}
    </div>
  );
}
