import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors } from "~/components/ui/form-errors";
import { TextArea } from "~/components/ui/text-area";
import { useTranslation } from "~/lib/i18n";

/** What an action answers a reason form: conform's reply (errors by field, what was sent). */
export interface ReasonAnswer {
  intent: string;
  result: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null } | null;
  /** A refusal of the whole answer (already answered, nights taken meanwhile): its key in `bookings`, shown by the page (`AnswerRefusal`). */
  refusal?: string | null;
}

/**
 * The form that ends something with a reason (§5, §8): cancel a booking, reject a request or an
 * inquiry. Reasons as radio buttons, under each its sub-reasons where it has some (optional; shown
 * for the chosen reason only, by CSS, so without JavaScript too), an explanation (needed for OTHER),
 * and for inquiries a message to the guest. A real form: without JavaScript it posts and the page
 * answers with its errors.
 */
export function ReasonForm({
  id,
  intent,
  title,
  intro,
  reasons,
  reasonLabel,
  subReasons = {},
  subReasonLabel = (subReason) => subReason,
  withMessage = false,
  submitLabel,
  answer,
}: {
  id: string;
  intent: string;
  title: string;
  intro?: string;
  reasons: readonly string[];
  reasonLabel: (reason: string) => string;
  /** Each reason's sub-reasons, and their labels; a reason without any has none to offer. */
  subReasons?: Readonly<Record<string, readonly string[]>>;
  subReasonLabel?: (subReason: string) => string;
  withMessage?: boolean;
  submitLabel: string;
  answer: ReasonAnswer | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const mine = answer?.intent === intent ? answer : undefined;
  const sent = mine?.result?.initialValue ?? {};
  const text = (name: string) => (typeof sent[name] === "string" ? (sent[name] as string) : "");
  const errors = (name: string) => mine?.result?.error?.[name] ?? undefined;
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {intro ? <p className="muted">{intro}</p> : null}
      <input type="hidden" name="intent" value={intent} />
      <FormErrors id={`${id}-errors`} errors={mine?.result?.error?.[""] ?? undefined} />
      <fieldset className="field choice-list reason-list" aria-describedby={errors("reason") || errors("subReason") ? `${id}-reason-errors` : undefined}>
        <legend>{t("bookings:reasonForm.reason")}</legend>
        {reasons.map((reason) => {
          const subs = subReasons[reason] ?? [];
          return (
            <div key={reason} className="reason-choice">
              <label className="choice">
                <input type="radio" name="reason" value={reason} defaultChecked={text("reason") === reason} />
                {reasonLabel(reason)}
              </label>
              {subs.length ? (
                <fieldset className="choice-list sub-reasons">
                  <legend>{t("bookings:reasonForm.subReason")}</legend>
                  {subs.map((subReason) => (
                    <label key={subReason} className="choice">
                      <input type="radio" name="subReason" value={subReason} defaultChecked={text("reason") === reason && text("subReason") === subReason} />
                      {subReasonLabel(subReason)}
                    </label>
                  ))}
                </fieldset>
              ) : null}
            </div>
          );
        })}
        <FieldErrors id={`${id}-reason-errors`} errors={[...(errors("reason") ?? []), ...(errors("subReason") ?? [])]} />
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-explanation`}>{t("bookings:reasonForm.explanation")}</label>
        <p id={`${id}-explanation-hint`} className="field__hint">
          {t("bookings:reasonForm.explanationHint")}
        </p>
        <TextArea
          id={`${id}-explanation`}
          name="explanation"
          rows={3}
          defaultValue={text("explanation")}
          aria-invalid={errors("explanation") ? true : undefined}
          aria-describedby={[`${id}-explanation-hint`, errors("explanation") ? `${id}-explanation-errors` : ""].filter(Boolean).join(" ")}
        />
        <FieldErrors id={`${id}-explanation-errors`} errors={errors("explanation")} />
      </div>
      {withMessage ? (
        <div className="field">
          <label htmlFor={`${id}-message`}>{t("bookings:reasonForm.message")}</label>
          <TextArea id={`${id}-message`} name="message" rows={3} defaultValue={text("message")} aria-invalid={errors("message") ? true : undefined} aria-describedby={errors("message") ? `${id}-message-errors` : undefined} />
          <FieldErrors id={`${id}-message-errors`} errors={errors("message")} />
        </div>
      ) : null}
      <div className="button-row">
        <Button variant="danger" pending={pending}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

/**
 * Why the action refused an answer as a whole (the nights were taken meanwhile; answered, expired or
 * cancelled meanwhile): shown by the page, not by a form, because the page then shows the stay as it
 * is now, which often has no form left to show it in.
 */
export function AnswerRefusal({ answer }: { answer: ReasonAnswer | undefined }) {
  const { t } = useTranslation();
  if (!answer?.refusal) return null;
  return (
    <p className="banner banner--error" role="alert">
      {t(`bookings:${answer.refusal}`)}
    </p>
  );
}

/** The form that confirms a request or an inquiry. The button is busy while this form is sent. */
export function ConfirmForm({ label }: { label: string }) {
  const navigation = useNavigation();
  const confirming = navigation.state === "submitting" && navigation.formData?.get("intent") === "confirm";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="confirm" />
      <Button variant="primary" pending={confirming}>
        {label}
      </Button>
    </Form>
  );
}
