import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/payout";
import { hostApi } from "@contract/index";
import { MAX_BANK_ACCOUNTS, payoutDocumentChoices } from "@domain/onboarding";
import { DocumentUploader } from "~/components/onboarding/fields";
import { submitDocumentForm } from "~/components/onboarding/onboarding.server";
import { FormErrors, inputOf } from "~/components/ui/form-errors";
import { useFormFields } from "~/components/ui/form-fields";
import { TextInput } from "~/components/ui/text-input";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import { anyText, filledRows, replyWithAccountError, textOrNull } from "./account.server";
import { Checkbox, Select, SaveButton } from "./fields";
import { accountTabHref } from "./tabs";
import type { TranslationsHandle } from "~/lib/i18n";

// The bank documents' uploader is the onboarding's, which names countries with the listing's words.
export const handle: TranslationsHandle = { i18n: ["listing"] };

/**
 * Payout (commission hosts, §2): the accounts payouts go to (IBAN checked, shown masked), their bank
 * documents, and every earlier version (decision 033: a change adds a version, past payouts keep
 * theirs). Saved through the onboarding endpoints of §7.
 */

const text = z.string().optional();
const accountsSchema = z.object({
  intent: z.literal("accounts"),
  accounts: z.array(z.object({ id: text, holderName: text, iban: text, bic: text, currency: text, remove: text })).optional(),
  defaultAccount: text,
});

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { call } = context.get(authContext);
  const t = serverT(context);
  // One call: the accounts, their earlier versions and the bank documents in one batch; the
  // uploader's choices are reference data (domain/onboarding), not another call.
  const { accounts, history, documents } = await call(hostApi.account.payout);
  const { currencies, ...choices } = payoutDocumentChoices(t);
  const defaultIndex = Math.max(0, accounts.findIndex((a) => a.isDefault));
  const rows = accounts.map((a) => ({ id: a.id, holderName: a.holderName, iban: "", bic: a.bic ?? "", currency: a.currency, remove: "" }));
  if (rows.length < MAX_BANK_ACCOUNTS) rows.push({ id: "", holderName: "", iban: "", bic: "", currency: currencies[0] ?? "EUR", remove: "" });
  return {
    title: t("account:tab.payout"),
    saved: accounts.map((a) => ({ id: a.id, iban: a.iban })),
    currencies,
    form: { accounts: rows, defaultAccount: String(defaultIndex) } as Record<string, unknown>,
    uploader: { ...choices, documents },
    history,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { call } = context.get(authContext);
  const form = await request.formData();
  const document = await submitDocumentForm(context, form);
  if (document && "reply" in document) return data({ documentReply: document.reply }, { status: document.status });
  if (document && "confirming" in document) return { confirming: document.confirming };
  if (document) return redirectWithFlash(context, accountTabHref("payout"), { kind: "success", key: document.done === "upload" ? "account:payout.documentSaved" : "account:payout.documentRemoved" });
  const submission = parseWithZod(form, { schema: accountsSchema });
  if (submission.status !== "success") return data({ accounts: submission.reply() }, { status: 400 });
  const v = submission.value;
  const defaultIndex = Number(v.defaultAccount ?? "0");
  // Rows the host left blank, or marked to remove, are not sent (a removed account is retired).
  const marked = (v.accounts ?? []).map((row, index) => ({ ...row, isDefault: index === defaultIndex }));
  const kept = filledRows("accounts", marked, (row) => row.remove !== "on" && anyText({ holderName: row.holderName, iban: row.iban }));
  try {
    await call(hostApi.onboarding.saveBankAccounts, {
      body: {
        accounts: kept.rows.map((row) => ({
          ...(row.id ? { id: row.id } : {}),
          ...(row.iban?.trim() || !row.id ? { iban: row.iban ?? "" } : {}),
          holderName: row.holderName ?? "",
          bic: textOrNull(row.bic),
          currency: (row.currency ?? "") as never,
          isDefault: row.isDefault || kept.rows.length === 1,
        })),
      },
    });
  } catch (error) {
    const { result, status } = replyWithAccountError(submission, error, kept.mapField);
    return data({ accounts: result }, { status });
  }
  return redirectWithFlash(context, accountTabHref("payout"), { kind: "success", key: "account:payout.saved" });
}

function History({ history }: { history: Route.ComponentProps["loaderData"]["history"] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section className="card stack" aria-labelledby="payout-history-title">
      <h2 id="payout-history-title">{t("account:payout.historyTitle")}</h2>
      {history.length ? (
        <div className="account__table">
          <table className="table">
            <caption className="visually-hidden">{t("account:payout.historyTitle")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("onboarding:holderName")}</th>
                <th scope="col">{t("onboarding:iban")}</th>
                <th scope="col">{t("onboarding:currency")}</th>
                <th scope="col">{t("account:payout.usedFrom")}</th>
                <th scope="col">{t("account:payout.usedUntil")}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <tr key={`${h.id}-${h.validFrom}`}>
                  <td>{h.holderName}</td>
                  <td className="tabular">{h.iban}</td>
                  <td>{h.currency}</td>
                  <td>{format.date(h.validFrom.slice(0, 10))}</td>
                  <td>{h.validTo ? format.date(h.validTo.slice(0, 10)) : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">{t("account:payout.noHistory")}</p>
      )}
    </section>
  );
}

export default function Payout({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = actionData && "accounts" in actionData ? actionData.accounts : undefined;
  const form = useFormFields("payout", answer, loaderData.form);
  const refused = actionData && "documentReply" in actionData ? (actionData.documentReply.error ?? {}) : {};
  const documentErrors = { form: refused[""] ?? [], file: refused.file ?? [], documentType: refused.documentType ?? [], side: refused.side ?? [] };
  const chosenDefault = String(form.field("defaultAccount").initialValue ?? "0");
  const savedIban = new Map(loaderData.saved.map((s) => [s.id, s.iban]));
  return (
    <div className="stack">
      <Form method="post" {...form.form} className="card stack" aria-labelledby="payout-title">
        <h2 id="payout-title">{t("account:payout.title")}</h2>
        <p className="muted">{t("account:payout.intro")}</p>
        <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(form.field("accounts").errors ?? [])]} />
        <input type="hidden" name="intent" value="accounts" />
        {form.rows("accounts").map((row, index) => {
          const id = typeof row.field("id").initialValue === "string" ? (row.field("id").initialValue as string) : "";
          const masked = id ? savedIban.get(id) : undefined;
          return (
            <fieldset key={row.key} className="field stack account__payout-row">
              <legend>{id ? t("account:payout.account", { number: index + 1 }) : t("account:payout.newAccount")}</legend>
              {id ? <input type="hidden" name={row.field("id").name} value={id} /> : null}
              <TextInput {...inputOf(row.field("holderName"))} label={t("onboarding:holderName")} autoComplete="name" />
              <TextInput {...inputOf(row.field("iban"))} label={t("onboarding:iban")} hint={masked ? t("onboarding:ibanSaved", { iban: masked }) : t("onboarding:ibanHint")} />
              <div className="form-columns">
                <TextInput {...inputOf(row.field("bic"))} label={t("onboarding:bic")} />
                <Select field={row.field("currency")} label={t("onboarding:currency")} options={loaderData.currencies.map((c) => ({ value: c, label: c }))} />
              </div>
              <label className="choice">
                <input type="radio" name="defaultAccount" value={String(index)} defaultChecked={chosenDefault === String(index)} />
                {t("account:payout.default")}
              </label>
              {id ? <Checkbox field={row.field("remove")} label={t("account:payout.remove")} /> : null}
            </fieldset>
          );
        })}
        <div className="button-row">
          <SaveButton />
        </div>
      </Form>
      <section className="stack" aria-labelledby="payout-documents-title">
        <h2 id="payout-documents-title">{t("account:payout.documentsTitle")}</h2>
        <DocumentUploader {...loaderData.uploader} errors={documentErrors} confirming={actionData && "confirming" in actionData ? actionData.confirming : null} />
      </section>
      <History history={loaderData.history} />
    </div>
  );
}
