import { href, Link, redirect } from "react-router";
import type { Route } from "./+types/confirmation";
import { PublicFrame } from "~/components/auth-layout";
import { buttonClass } from "~/components/ui/button";
import { appContext } from "~/lib/context";
import { useFormat } from "~/lib/format";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import { withQuery } from "~/lib/pages";
import { readReceipt } from "./receipt.server";

export const handle: TranslationsHandle = { i18n: ["stays", "guest"] };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/**
 * What the guest sees after booking, requesting or asking: the booking code and what happens next.
 * It reads the answer the form's redirect carried (an hour long); without it, the stay's page.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const receipt = await readReceipt(context.get(appContext).env, request);
  if (!receipt || receipt.unitId !== params.unitId) throw redirect(href("/stays/:unitId", { unitId: params.unitId }));
  return { receipt, title: serverT(context)(`stays:confirmation.title.${receipt.type}`) };
}

export default function StayConfirmation({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { receipt } = loaderData;
  return (
    <PublicFrame>
      <section className="card stack stay-confirmation" aria-labelledby="confirmation-title">
        <h1 id="confirmation-title">{t(`stays:confirmation.title.${receipt.type}`)}</h1>
        <div className="stay-code">
          <p>{t("stays:confirmation.code")}</p>
          <p className="stay-code__value" data-testid="booking-code">
            {receipt.code}
          </p>
        </div>
        <p>{t("stays:confirmation.keepCode")}</p>
        <p>
          {receipt.type === "booking_request" && receipt.expirationTime
            ? t("stays:confirmation.booking_request", { time: format.dateTime(receipt.expirationTime), email: receipt.email })
            : t(`stays:confirmation.${receipt.type}`, { email: receipt.email })}
        </p>
        <dl className="stay-quote">
          <div>
            <dt>{t("stays:confirmation.stay")}</dt>
            <dd>
              {t("stays:stay.dates", { from: format.date(receipt.checkIn, "long"), to: format.date(receipt.checkOut, "long") })} · {t("stays:stay.nights", { count: receipt.nights })}
            </dd>
          </div>
          <div>
            <dt>{t("stays:stay.guests")}</dt>
            <dd>{format.number(receipt.guests)}</dd>
          </div>
          <div className="stay-quote__total">
            <dt>{t("stays:quote.total")}</dt>
            <dd>{format.money(receipt.totalAmount, receipt.currency)}</dd>
          </div>
        </dl>
        <section className="stack" aria-labelledby="confirmation-guest-area">
          <h2 id="confirmation-guest-area">{t("guest:confirmation.title")}</h2>
          <p>{t("guest:confirmation.text")}</p>
          <Link className={buttonClass({ variant: "primary" })} to={withQuery(href("/guest/login"), { code: receipt.code })} data-testid="guest-area-link">
            {t("guest:confirmation.link")}
          </Link>
        </section>
        <Link className={buttonClass()} to={href("/stays/:unitId", { unitId: receipt.unitId })}>
          {t("stays:confirmation.back")}
        </Link>
      </section>
    </PublicFrame>
  );
}
