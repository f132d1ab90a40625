import { Link } from "react-router";
import { percentAtBooking, type PaymentPlan } from "@domain/booking";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { unitHref } from "~/lib/pages";
import { EmailAddress } from "~/components/ui/email-address";

/** What every booking, request and inquiry has: its guest, unit, stay and code. */
export interface StayFacts {
  code: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  guests: number;
  createdAt: string;
  /** When the guest booked (a channel's booking arrives later than it was made); a booking's "Received". */
  bookedAt?: string;
  customer: { fullName: string; email: string; phoneNumber: string | null; message: string | null; language: string | null };
  propertyUnitSummary: { publicId: string; title: string; propertyId: string; propertyTitle: string };
}

/** Links that open the guest's mail program or phone, not pages of the app. */
const mailto = (email: string) => "mailto:" + email;
const telephone = (phone: string) => "tel:" + phone.replace(/[^\d+]/g, "");

/** The summary card of a detail page (DESIGN.md): guest, dates and nights, guests, unit, code. */
export function StaySummaryCard({ stay, children }: { stay: StayFacts; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const unit = stay.propertyUnitSummary;
  return (
    <section className="card stack" aria-labelledby="stay-summary-title">
      <h2 id="stay-summary-title">{t("bookings:detail.summary")}</h2>
      <dl className="facts">
        <>
          <dt>{t("bookings:detail.guest")}</dt>
          <dd>
            <strong>{stay.customer.fullName}</strong>
            <br />
            <a href={mailto(stay.customer.email)}>
              <EmailAddress address={stay.customer.email} />
            </a>
            {stay.customer.phoneNumber ? (
              <>
                <br />
                <a href={telephone(stay.customer.phoneNumber)}>{stay.customer.phoneNumber}</a>
              </>
            ) : null}
          </dd>
        </>
        <>
          <dt>{t("bookings:detail.dates")}</dt>
          <dd>
            {t("bookings:dates", { from: format.date(stay.checkIn, "long"), to: format.date(stay.checkOut, "long") })}
            <br />
            {t("bookings:nights", { count: stay.nights })}
          </dd>
        </>
        <>
          <dt>{t("bookings:detail.guests")}</dt>
          <dd>{format.number(stay.guests)}</dd>
        </>
        {stay.customer.language ? (
          <>
            <dt>{t("bookings:detail.language")}</dt>
            <dd>{format.language(stay.customer.language)}</dd>
          </>
        ) : null}
        <>
          <dt>{t("bookings:detail.unit")}</dt>
          <dd>
            <Link to={unitHref({ propertyId: unit.propertyId, unitId: unit.publicId })}>{unit.title || unit.propertyTitle}</Link>
            {unit.title && unit.propertyTitle && unit.title !== unit.propertyTitle ? <span className="muted"> · {unit.propertyTitle}</span> : null}
          </dd>
        </>
        <>
          <dt>{t("bookings:detail.code")}</dt>
          <dd className="booking-code">{stay.code}</dd>
        </>
        <>
          <dt>{t("bookings:detail.received")}</dt>
          <dd>{format.dateTime(stay.bookedAt ?? stay.createdAt)}</dd>
        </>
        {children}
      </dl>
      {stay.customer.message ? (
        <div className="stack stack--tight">
          <h3>{t("bookings:detail.message")}</h3>
          <blockquote className="guest-message">{stay.customer.message}</blockquote>
        </div>
      ) : null}
    </section>
  );
}

export interface StayPrice {
  currency: string;
  nights: readonly { price: number; extraGuests: number }[];
  discount: { lengthType: string; minNights: number; percent: number; amount: number } | null;
  extraCharges: readonly { type: string; pricingKind: string; amount: number }[];
  taxes: readonly { amount: number }[];
  total: number;
  securityDeposit: number;
}

export interface BookingMoney {
  paymentPlan: PaymentPlan;
  instalments: readonly { due: string; method: string; amount: number }[];
  commission: { percent: number | null; amount: number };
  payout: number;
  /** What a cancelled booking still pays the host (the API's, as the earnings and DAC7 count it); null while it stands. */
  keptOnCancellation?: { paid: number; commission: number; payout: number } | null;
}

/**
 * The money card: the price as the guest booked it, how they pay, and what the host receives. A
 * cancelled booking says what it still pays (what the guest had paid, less its commission) and no
 * plan; a request rejected or expired (`ended`) pays nothing and has no plan. Only a host the
 * marketplace pays out (`payouts`: on commission, `receivesPayouts`) is told of a commission and a
 * payout: a host on a subscription is paid by the guest, so their card is the price ("Price") with
 * what a cancelled booking's guest had paid; an inquiry's (no `money`: nothing is paid) is the price too.
 */
export function MoneyCard({ price, services, money, payouts = false, ended }: { price: StayPrice; services: Record<string, string>; money?: BookingMoney; payouts?: boolean; ended?: "REJECTED" | "EXPIRED" | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const amount = (value: number) => format.money(value, price.currency);
  const deduction = (value: number) => format.deduction(value, price.currency);
  const nightly = price.nights.reduce((sum, n) => sum + n.price, 0);
  const extraGuests = price.nights.reduce((sum, n) => sum + n.extraGuests, 0);
  const kept = money?.keptOnCancellation ?? null;
  return (
    <section className="card stack" aria-labelledby="money-title">
      <h2 id="money-title">{money && payouts ? t("bookings:money.title") : t("bookings:money.titlePrice")}</h2>
      <dl className="money-lines">
        <div>
          <dt>{t("bookings:money.nights", { count: price.nights.length })}</dt>
          <dd>{amount(nightly)}</dd>
        </div>
        {extraGuests ? (
          <div>
            <dt>{t("bookings:money.extraGuests")}</dt>
            <dd>{amount(extraGuests)}</dd>
          </div>
        ) : null}
        {price.discount ? (
          <div>
            <dt>{t("bookings:money.discount", { percent: format.percent(price.discount.percent) })}</dt>
            <dd>{deduction(price.discount.amount)}</dd>
          </div>
        ) : null}
        {price.extraCharges.map((charge) => (
          <div key={charge.type}>
            <dt>{services[charge.type] ?? charge.type}</dt>
            <dd>{amount(charge.amount)}</dd>
          </div>
        ))}
        {price.taxes.length ? (
          <div>
            <dt>{t("bookings:money.taxes")}</dt>
            <dd>{amount(price.taxes.reduce((sum, tax) => sum + tax.amount, 0))}</dd>
          </div>
        ) : null}
        <div className="money-lines__total">
          <dt>{t("bookings:money.total")}</dt>
          <dd>{amount(price.total)}</dd>
        </div>
        {money && kept ? (
          <>
            <div>
              <dt>{t("bookings:money.paidBeforeCancellation")}</dt>
              <dd>{amount(kept.paid)}</dd>
            </div>
            {payouts ? (
              <>
                <div>
                  <dt>{t("bookings:money.keptCommission")}</dt>
                  <dd>{deduction(kept.commission)}</dd>
                </div>
                <div className="money-lines__payout money-lines__payout--after">
                  <dt>{t("bookings:money.payoutAfterCancellation")}</dt>
                  <dd>{amount(kept.payout)}</dd>
                </div>
              </>
            ) : null}
          </>
        ) : payouts && money && ended ? (
          <div className="money-lines__payout money-lines__payout--after">
            <dt>{t(`bookings:money.noPayout.${ended}`)}</dt>
            <dd>{amount(0)}</dd>
          </div>
        ) : payouts && money ? (
          <>
            <div>
              <dt>{money.commission.percent === null ? t("bookings:money.commissionNone") : t("bookings:money.commission", { percent: format.percent(money.commission.percent) })}</dt>
              <dd>{deduction(money.commission.amount)}</dd>
            </div>
            <div className="money-lines__payout">
              <dt>{t("bookings:money.payout")}</dt>
              <dd>{amount(money.payout)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {price.securityDeposit ? <p className="muted">{t("bookings:money.deposit", { amount: amount(price.securityDeposit) })}</p> : null}
      {kept ? <p className="muted">{t("bookings:money.keptNote")}</p> : null}
      {money && !kept && !ended ? (
        <div className="stack stack--tight">
          <h3>{t("bookings:money.plan", { plan: t(`bookings:paymentPlan.${money.paymentPlan}`, { first: format.percent(percentAtBooking(money.paymentPlan)), rest: format.percent(100 - percentAtBooking(money.paymentPlan)) }) })}</h3>
          <ul className="plain-list">
            {money.instalments.map((instalment, i) => (
              <li key={`${instalment.due}-${i}`}>
                {instalment.due === "booking" ? t("bookings:money.dueAtBooking") : t("bookings:money.dueOn", { date: format.date(instalment.due, "long") })} ·{" "}
                {t(`bookings:money.method.${instalment.method}`)} · <strong>{amount(instalment.amount)}</strong>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
