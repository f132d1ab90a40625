import { data, Form } from "react-router";
import type { Route } from "./+types/localization";
import { hostApi } from "@contract/index";
import { isLocale, LOCALE_NATIVE_NAMES, LOCALES } from "@domain/locales";
import { receivesPayouts } from "@domain/user-flags";
import { FormErrors, useFormAnswerErrors } from "~/components/ui/form-errors";
import { authContext } from "~/lib/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { refusalOf } from "~/lib/host-api.server";
import { useTranslation } from "~/lib/i18n";
import { getLocale, languageCookie, serverT } from "~/lib/i18n.server";
import { SaveButton } from "./fields";
import { accountTabHref } from "./tabs";

/**
 * Localization (§2 preferred language): the language the account is written to in, which the app
 * takes at once (the language cookie), and the currency, fixed by the account (§7).
 */
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(authContext);
  // The language the account keeps (its emails'), not the page's: the footer's language picker or ?hl= change only the page's.
  // What the currency is for follows the host's model: payouts on commission, the subscription on a subscription, both when hybrid.
  const currencyFixed = !receivesPayouts(user) ? "currencyFixedSubscription" : user.subscriptionApplicable ? "currencyFixed" : "currencyFixedCommission";
  return { title: serverT(context)("account:tab.localization"), locale: isLocale(user.locale) ? user.locale : getLocale(context), currency: user.currency, currencyFixed };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { call } = context.get(authContext);
  const locale = (await request.formData()).get("locale");
  if (!isLocale(locale)) return data({ error: { "": ["invalid_choice"] } }, { status: 400 });
  try {
    await call(hostApi.user.updateInfo, { body: { locale } });
  } catch (error) {
    const refusal = refusalOf(error);
    return data({ error: { "": refusal.formErrors.map((e) => e.type) } }, { status: refusal.status >= 500 ? 500 : 400 });
  }
  const response = await redirectWithFlash(context, accountTabHref("localization"), { kind: "success", key: "account:localization.saved" });
  // The app speaks the chosen language from the next page on.
  response.headers.append("Set-Cookie", await languageCookie.serialize(locale));
  return response;
}

export default function Localization({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { errors, onInput } = useFormAnswerErrors(actionData);
  return (
    <div className="stack">
      <Form method="post" className="card stack" onInput={onInput} aria-labelledby="localization-title">
        <h2 id="localization-title">{t("account:localization.title")}</h2>
        <FormErrors id="localization-errors" errors={errors} />
        <div className="field">
          <label htmlFor="field-locale">{t("account:localization.language")}</label>
          <p id="field-locale-hint" className="field__hint">
            {t("account:localization.languageHint")}
          </p>
          <select id="field-locale" name="locale" defaultValue={loaderData.locale} aria-describedby="field-locale-hint">
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale.replace("_", "-")}>
                {LOCALE_NATIVE_NAMES[locale]}
              </option>
            ))}
          </select>
        </div>
        <div className="button-row">
          <SaveButton />
        </div>
      </Form>
      <section className="card stack" aria-labelledby="currency-title">
        <h2 id="currency-title">{t("account:localization.currencyTitle")}</h2>
        <p className="account__big-number">{loaderData.currency}</p>
        <p className="muted">{t(`account:localization.${loaderData.currencyFixed}`)}</p>
      </section>
    </div>
  );
}
