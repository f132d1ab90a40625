import { Form, href, Link, useNavigation } from "react-router";
import { addDays } from "@domain/days";
import { monthOf, type RangeState } from "@domain/calendar-month";
import { Button } from "~/components/ui/button";
import { FormErrors, useFormAnswerErrors } from "~/components/ui/form-errors";
import { TextInput } from "~/components/ui/text-input";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { withQuery } from "~/lib/pages";
import { multiCalendarHref } from "./multi-href";

/** The range marked on a row, as the page's loader reads it. */
export interface MultiCalendarSelection {
  unitId: string;
  unitTitle: string;
  propertyTitle: string;
  version: number;
  from: string;
  to: string;
  /** Both ends chosen (a start alone is one day until the end is). */
  whole: boolean;
  state: RangeState | null;
}

interface ActionAnswer {
  intent: string;
  /** The action's answer to the form (conform's reply): errors by field, and what was typed. */
  result: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };
  current: { price: number | null; minStay: number; maxStay: number } | null;
}

function IntentButton({ intent, variant = "secondary", children }: { intent: string; variant?: "primary" | "secondary"; children: string }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button name="intent" value={intent} variant={variant} pending={pending}>
      {children}
    </Button>
  );
}

/**
 * What the host does with the range marked on a row: its price and stay limits, and block or
 * unblock its nights. The forms post to `/calendar` (which calls the API the unit calendar calls)
 * and come back with the same range marked.
 */
export function MultiCalendarPanel({ panel, actionData, currency, start, page }: { panel: MultiCalendarSelection | null; actionData: ActionAnswer | undefined; currency: string; start: string; page: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const priceAnswer = actionData?.intent === "price" ? actionData.result : undefined;
  // The errors of the price form in one place (no conform in the page's JavaScript); a field edited takes its own back.
  const { errors: priceErrors, onInput } = useFormAnswerErrors(priceAnswer);
  if (!panel) {
    return (
      <section className="card mcal-panel mcal-panel--empty" aria-labelledby="mcal-panel-title">
        <h2 id="mcal-panel-title">{t("multicalendar:selection.none")}</h2>
        <p className="muted">{t("multicalendar:selection.howTo")}</p>
      </section>
    );
  }
  const typed = (priceAnswer?.initialValue ?? {}) as Record<string, unknown>;
  const value = (name: string) => (typeof typed[name] === "string" ? (typed[name] as string) : "");
  const availabilityErrors = actionData && actionData.intent !== "price" ? Object.values(actionData.result.error ?? {}).flatMap((e) => e ?? []) : [];
  const stale = actionData?.intent === "price" ? actionData.current : null;
  const rangeText = panel.from === panel.to ? format.date(panel.from, "long") : t("multicalendar:selection.days", { from: format.date(panel.from, "long"), to: format.date(panel.to, "long") });
  const hidden = (
    <>
      <input type="hidden" name="unit" value={panel.unitId} />
      <input type="hidden" name="from" value={panel.from} />
      <input type="hidden" name="to" value={panel.to} />
      <input type="hidden" name="start" value={start} />
      <input type="hidden" name="page" value={String(page)} />
    </>
  );
  const unitCalendar = withQuery(href("/calendar/:unitId", { unitId: panel.unitId }), { month: monthOf(panel.from), from: panel.from, to: panel.to });
  return (
    <section className="card mcal-panel" aria-labelledby="mcal-panel-title">
      <div className="mcal-panel__summary stack">
        <h2 id="mcal-panel-title">{t("multicalendar:selection.title")}</h2>
        <p>
          <strong>{panel.unitTitle || t("multicalendar:untitled")}</strong>
          {panel.propertyTitle && panel.propertyTitle !== panel.unitTitle ? <span className="muted"> · {panel.propertyTitle}</span> : null}
        </p>
        <p>{rangeText}</p>
        {panel.whole ? null : <p className="muted">{t("multicalendar:selection.chooseEnd")}</p>}
        <p>{panel.state ? t(`multicalendar:selection.state.${panel.state}`) : t("multicalendar:selection.state.unknown")}</p>
        <p className="button-row">
          <Link to={multiCalendarHref({ start, page, selection: null })} preventScrollReset>
            {t("multicalendar:selection.cancel")}
          </Link>
          <Link to={unitCalendar}>{t("multicalendar:selection.openUnit")}</Link>
        </p>
      </div>
      <Form method="post" className="stack mcal-panel__form" onInput={onInput} aria-labelledby="mcal-price-title" preventScrollReset>
        <h3 id="mcal-price-title">{t("multicalendar:price.title")}</h3>
        {hidden}
        <input type="hidden" name="version" value={panel.version} key={panel.version} />
        <FormErrors id="mcal-price-errors" errors={priceErrors} />
        {stale ? (
          <p className="banner banner--info">
            {t("multicalendar:price.current", { price: stale.price === null ? "–" : format.money(stale.price, currency), minStay: stale.minStay, maxStay: stale.maxStay })}
          </p>
        ) : null}
        <TextInput name="price" defaultValue={value("price")} label={t("multicalendar:price.price", { currency })} hint={t("multicalendar:price.hint")} />
        <div className="form-columns">
          <TextInput name="minStay" defaultValue={value("minStay")} type="number" min={1} max={365} label={t("multicalendar:price.minStay")} />
          <TextInput name="maxStay" defaultValue={value("maxStay")} type="number" min={1} max={365} label={t("multicalendar:price.maxStay")} />
        </div>
        <IntentButton intent="price" variant="primary">
          {t("multicalendar:price.save")}
        </IntentButton>
      </Form>
      <Form method="post" className="stack mcal-panel__form" aria-labelledby="mcal-availability-title" preventScrollReset>
        <h3 id="mcal-availability-title">{t("multicalendar:availability.title")}</h3>
        {hidden}
        <FormErrors id="mcal-availability-errors" errors={availabilityErrors} />
        <p className="muted">{t("multicalendar:availability.nights", { from: format.date(panel.from, "long"), to: format.date(addDays(panel.to, 1), "long") })}</p>
        <div className="button-row">
          <IntentButton intent="block">{t("multicalendar:availability.block")}</IntentButton>
          <IntentButton intent="unblock">{t("multicalendar:availability.unblock")}</IntentButton>
        </div>
      </Form>
    </section>
  );
}
