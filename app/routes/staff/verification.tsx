import { data, Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/verification";
import { hostApi } from "@contract/index";
import { KYC_CHECK_TYPES, type KycCheckType } from "@domain/kyc-states";
import { authContext } from "~/lib/auth.server";
import { refusalOf } from "~/lib/host-api.server";
import { serverT } from "~/lib/i18n.server";
import { useFormat } from "~/lib/format";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { ChoiceList } from "~/components/ui/choice-list";
import { FieldErrors, FormErrors } from "~/components/ui/form-errors";
import { StatusPill } from "~/components/ui/status-pill";
import { TextArea } from "~/components/ui/text-area";
import { TextInput } from "~/components/ui/text-input";

export const handle: TranslationsHandle = { i18n: ["verification", "onboarding"] };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

function staffOnly(context: Route.LoaderArgs["context"]) {
  const auth = context.get(authContext);
  if (auth.user.role !== "staff" || auth.user.isImpersonating) throw data(null, { status: 404 });
  return auth;
}

/** Staff review one host's verification: the data and documents they sent, and decide. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { call } = staffOnly(context);
  const verification = await call(hostApi.kycReview.verification, { params: { userId: params.userId } }).catch((error: unknown) => {
    throw data(null, { status: refusalOf(error).status === 404 ? 404 : 502 });
  });
  return { title: serverT(context)("verification:staff.reviewTitle"), verification };
}

const isCheck = (value: string): value is KycCheckType => (KYC_CHECK_TYPES as readonly string[]).includes(value);

export async function action({ request, params, context }: Route.ActionArgs) {
  const { call } = staffOnly(context);
  const form = await request.formData();
  const checks: Partial<Record<KycCheckType, "passed" | "failed">> = {};
  for (const type of KYC_CHECK_TYPES) {
    const value = form.get(`checks.${type}`);
    if (value === "passed" || value === "failed") checks[type] = value;
  }
  const reason = String(form.get("reason") ?? "").slice(0, 1000);
  const documentsExpireOn = String(form.get("documentsExpireOn") ?? "").trim() || null;
  try {
    await call(hostApi.kycReview.decide, { params: { userId: params.userId }, body: { checks, reason, documentsExpireOn } });
  } catch (error) {
    const refusal = refusalOf(error);
    const fieldErrors = Object.fromEntries(Object.entries(refusal.fieldErrors).map(([field, errors]) => [field, errors.map((e) => e.type)]));
    return data({ formErrors: refusal.formErrors.map((e) => e.type), fieldErrors, values: { checks, reason, documentsExpireOn } }, { status: refusal.status === 409 ? 409 : 400 });
  }
  return redirect(href("/staff/verifications/:userId", { userId: params.userId }));
}

const address = (a: { street: string; houseNumberOrName: string; postalCode: string | null; city: string; countryCode: string } | null) =>
  a ? `${a.street} ${a.houseNumberOrName}, ${a.postalCode ?? ""} ${a.city}, ${a.countryCode}` : "—";

const TONES = { new: "neutral", awaiting_data: "warning", pending: "info", passed: "success", failed: "error" } as const;

type ReviewedDocument = Route.ComponentProps["loaderData"]["verification"]["documents"][number];

/** The documents of one check (decision 039: each kind is shown and decided with its own check), each opened as uploaded. */
function DocumentLinks({ userId, documents }: { userId: string; documents: ReviewedDocument[] }) {
  const { t } = useTranslation();
  return (
    <div className="stack stack--tight">
      <h3>{t("verification:staff.documents")}</h3>
      {documents.length ? (
        <ul>
          {documents.map((d) => (
            <li key={d.id}>
              <a href={href("/staff/verifications/:userId/documents/:documentId", { userId, documentId: d.id })} target="_blank" rel="noreferrer">
                {t(`verification:documentTypes.${d.documentType}`)} · {t(`verification:sides.${d.side}`)}
                {d.fileName ? ` · ${d.fileName}` : null}
              </a>
              <span className="visually-hidden"> {t("commons.opensInNewTab")}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t("verification:staff.noDocuments")}</p>
      )}
    </div>
  );
}

export default function StaffVerification({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const v = loaderData.verification;
  const name = v.companyName ?? `${v.firstName} ${v.lastName}`;
  const inReview = v.status === "IN_PROGRESS";
  const sent = actionData?.values;
  const fieldErrors: Record<string, string[]> = actionData?.fieldErrors ?? {};
  return (
    <div className="page stack">
      <p>
        <Link to={href("/staff/verifications")}>{t("verification:staff.back")}</Link>
      </p>
      <h1>{t("verification:staff.reviewHeading", { name })}</h1>
      <p>
        <StatusPill tone={v.status === "COMPLETED" ? "success" : v.status === "FAILED" || v.status === "EXPIRED" ? "error" : "info"}>{t(`verification:status.${v.status}`)}</StatusPill>
      </p>
      {v.status === "FAILED" && v.decision.reason ? (
        <Banner tone="error">
          <p>
            <strong>{t("common:verification.banner.failed.reason")}</strong> {v.decision.reason}
          </p>
        </Banner>
      ) : null}
      {v.status === "COMPLETED" && v.decision.documentsExpireOn ? <p>{t("verification:staff.expiresOn", { date: format.date(v.decision.documentsExpireOn) })}</p> : null}
      <div className="cards">
        {v.businessDetails ? (
          <section className="card stack" aria-labelledby="review-business">
            <h2 id="review-business">{t("verification:checks.business")}</h2>
            <dl className="facts">
              <dt>{t("onboarding:legalBusinessName")}</dt>
              <dd>{v.businessDetails.legalBusinessName ?? "—"}</dd>
              <dt>{t("onboarding:companyRegistrationNumber")}</dt>
              <dd>{v.businessDetails.registrationNumber ?? "—"}</dd>
              <dt>{t("onboarding:address")}</dt>
              <dd>{address(v.businessDetails.address)}</dd>
              <dt>{t("verification:staff.representatives")}</dt>
              <dd>{v.businessDetails.signatories.map((s) => `${s.firstName} ${s.lastName} (${s.role})`).join(", ") || "—"}</dd>
            </dl>
            <DocumentLinks userId={v.userId} documents={v.documents.filter((d) => d.kind === "company")} />
          </section>
        ) : null}
        <section className="card stack" aria-labelledby="review-identity">
          <h2 id="review-identity">{t("verification:checks.identity")}</h2>
          {v.individualDetails ? (
            <dl className="facts">
              <dt>{t("verification:staff.name")}</dt>
              <dd>{`${v.individualDetails.firstName ?? ""} ${v.individualDetails.lastName ?? ""}`}</dd>
              <dt>{t("onboarding:dateOfBirth")}</dt>
              <dd>{v.individualDetails.dateOfBirth ?? "—"}</dd>
              <dt>{t("onboarding:address")}</dt>
              <dd>{address(v.individualDetails.address)}</dd>
            </dl>
          ) : (
            <p>{t("verification:staff.nothingSent")}</p>
          )}
          <DocumentLinks userId={v.userId} documents={v.documents.filter((d) => d.kind === "identity" || d.kind === "owner")} />
        </section>
        <section className="card stack" aria-labelledby="review-bank">
          <h2 id="review-bank">{t("verification:checks.bank_account")}</h2>
          {v.bankAccounts.length ? (
            <ul>
              {v.bankAccounts.map((a) => (
                <li key={a.iban}>
                  {a.holderName} · {a.iban} · {a.currency}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t("verification:staff.nothingSent")}</p>
          )}
        </section>
        <section className="card stack" aria-labelledby="review-documents">
          <h2 id="review-documents">{t("verification:checks.documents")}</h2>
          <DocumentLinks userId={v.userId} documents={v.documents.filter((d) => d.kind === "payout")} />
        </section>
      </div>
      <section className="card stack" aria-labelledby="review-decision">
        <h2 id="review-decision">{t("verification:staff.decision")}</h2>
        {inReview ? (
          <Form method="post" className="stack">
            <FormErrors id="decision-errors" errors={actionData?.formErrors} />
            {v.checks.map((check) => (
              <ChoiceList
                key={check.type}
                name={`checks.${check.type}`}
                legend={t(`verification:checks.${check.type}`)}
                options={[
                  { id: "passed", label: t("verification:checkStatus.passed") },
                  { id: "failed", label: t("verification:checkStatus.failed") },
                ]}
                selected={sent?.checks[isCheck(check.type) ? check.type : "identity"] ?? ""}
                errors={fieldErrors[`checks.${check.type}`]}
              />
            ))}
            <div className="field">
              <label htmlFor="field-reason">{t("verification:staff.reason")}</label>
              <p id="field-reason-hint" className="field__hint">
                {t("verification:staff.reasonHint")}
              </p>
              <TextArea id="field-reason" name="reason" rows={3} maxLength={1000} defaultValue={sent?.reason ?? ""} aria-describedby={fieldErrors.reason ? "field-reason-hint field-reason-errors" : "field-reason-hint"} aria-invalid={fieldErrors.reason ? true : undefined} />
              <FieldErrors id="field-reason-errors" errors={fieldErrors.reason} />
            </div>
            <TextInput name="documentsExpireOn" type="date" label={t("verification:staff.documentsExpireOn")} hint={t("verification:staff.documentsExpireOnHint")} defaultValue={sent?.documentsExpireOn ?? ""} errors={fieldErrors.documentsExpireOn} />
            <div className="button-row">
              <Button variant="primary">{t("verification:staff.decide")}</Button>
            </div>
          </Form>
        ) : (
          <>
            <ul className="stack stack--tight verification__checks">
              {v.checks.map((check) => (
                <li key={check.type} className="verification__check">
                  <span>{t(`verification:checks.${check.type}`)}</span>
                  <StatusPill tone={TONES[check.status]}>{t(`verification:checkStatus.${check.status}`)}</StatusPill>
                </li>
              ))}
            </ul>
            <p className="muted">{t("verification:staff.notInReview")}</p>
          </>
        )}
      </section>
    </div>
  );
}
