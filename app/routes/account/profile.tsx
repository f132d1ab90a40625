import { data, Form, href } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/profile";
import { hostApi } from "@contract/index";
import { ABOUT_HOST_MAX, PROFILE_IMAGE_CONSTRAINTS, SECONDARY_PHONE_TYPES } from "@domain/account-settings";
import { toLanguageTag } from "@domain/locales";
import { Button, usePending } from "~/components/ui/button";
import { chosenOf, FieldErrors, FormErrors, inputOf } from "~/components/ui/form-errors";
import { useFormFields } from "~/components/ui/form-fields";
import { TextInput } from "~/components/ui/text-input";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { useTranslation } from "~/lib/i18n";
import { getLocale, serverT } from "~/lib/i18n.server";
import { hostLanguagesIn, replyWithAccountError, textOrNull } from "./account.server";
import { Checkbox, Select, TextArea, SaveButton } from "./fields";
import { accountTabHref } from "./tabs";

/** What the host typed; the API holds the rules (§3 Host profile) and answers per field. */
const text = z.string().optional();
const profileSchema = z.object({
  intent: z.literal("profile"),
  alias: text,
  firstName: text,
  lastName: text,
  legalBusinessName: text,
  aboutHost: text,
  hostLanguages: z.array(z.string()).optional(),
  phone: text,
  phoneForGuests: text,
  showPhoneNumberOnOffer: text,
  phoneForSms: text,
  sendInquirySms: text,
  secondaryPhone: text,
  secondaryPhoneType: text,
  marketingConsent: text,
});

/** A checkbox as the form sends it. */
const on = (value: boolean) => (value ? "on" : "");

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const t = serverT(context);
  // Read with the shell's call (one API call for the page).
  const profile = await context.get(authContext).profile();
  const languages = hostLanguagesIn(toLanguageTag(getLocale(context)));
  return {
    title: t("account:tab.profile"),
    type: profile.type,
    email: profile.individual?.email ?? profile.company?.accountEmail ?? "",
    // The image goes through the web's own address (the API's needs the host's token).
    image: profile.imageUrls ? `${href("/media/profile-image")}?${profile.imageUrls.small.split("?")[1] ?? ""}` : null,
    languages,
    form: {
      alias: profile.alias ?? "",
      firstName: profile.individual?.firstName ?? "",
      lastName: profile.individual?.lastName ?? "",
      legalBusinessName: profile.company?.legalBusinessName ?? "",
      aboutHost: profile.aboutHost ?? "",
      hostLanguages: profile.hostLanguages,
      phone: profile.phone ?? "",
      phoneForGuests: profile.phoneForGuests ?? "",
      showPhoneNumberOnOffer: on(profile.showPhoneNumberOnOffer),
      phoneForSms: profile.phoneForSms ?? "",
      sendInquirySms: on(profile.sendInquirySms),
      secondaryPhone: profile.secondaryPhone ?? "",
      secondaryPhoneType: profile.secondaryPhoneType ?? "",
      marketingConsent: on(profile.marketingConsent),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { call, user } = context.get(authContext);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "image-delete") {
    await call(hostApi.account.deleteImage);
    return redirectWithFlash(context, accountTabHref("profile"), { kind: "success", key: "account:profile.imageRemoved" });
  }
  if (intent === "image") {
    const file = form.get("image");
    const upload = new FormData();
    if (file instanceof File && file.size > 0) upload.append("image", file, file.name);
    try {
      await call(hostApi.account.uploadImage, { body: upload });
    } catch (error) {
      const { result, status } = replyWithAccountError({ reply: ({ formErrors, fieldErrors }) => ({ status: "error", error: { "": formErrors ?? [], ...fieldErrors } }) }, error);
      return data({ image: result }, { status });
    }
    return redirectWithFlash(context, accountTabHref("profile"), { kind: "success", key: "account:profile.imageSaved" });
  }
  const submission = parseWithZod(form, { schema: profileSchema });
  if (submission.status !== "success") return data({ profile: submission.reply() }, { status: 400 });
  const v = submission.value;
  const names = user.type === "company" ? { legalBusinessName: v.legalBusinessName ?? "" } : { firstName: v.firstName ?? "", lastName: v.lastName ?? "" };
  try {
    await call(hostApi.account.saveProfile, {
      body: {
        ...names,
        alias: textOrNull(v.alias),
        aboutHost: textOrNull(v.aboutHost),
        hostLanguages: (v.hostLanguages ?? []) as never[],
        phone: textOrNull(v.phone),
        phoneForGuests: textOrNull(v.phoneForGuests),
        showPhoneNumberOnOffer: v.showPhoneNumberOnOffer === "on",
        phoneForSms: textOrNull(v.phoneForSms),
        sendInquirySms: v.sendInquirySms === "on",
        secondaryPhone: textOrNull(v.secondaryPhone),
        secondaryPhoneType: (textOrNull(v.secondaryPhoneType) ?? null) as never,
        marketingConsent: v.marketingConsent === "on",
      },
    });
  } catch (error) {
    const { result, status } = replyWithAccountError(submission, error);
    return data({ profile: result }, { status });
  }
  return redirectWithFlash(context, accountTabHref("profile"), { kind: "success", key: "commons.saved" });
}

function ImageCard({ image, errors }: { image: string | null; errors: string[] | undefined }) {
  const { t } = useTranslation();
  const pending = usePending();
  return (
    <section className="card stack" aria-labelledby="profile-image-title">
      <h2 id="profile-image-title">{t("account:profile.imageTitle")}</h2>
      <div className="account__image-row">
        {image ? <img src={image} alt={t("account:profile.imageAlt")} className="account__avatar" width={96} height={96} /> : <p className="muted">{t("account:profile.noImage")}</p>}
        <Form method="post" encType="multipart/form-data" className="stack">
          <div className="field">
            <label htmlFor="field-image">{t("account:profile.imageLabel")}</label>
            <p id="field-image-hint" className="field__hint">
              {t("account:profile.imageHint", { megabytes: PROFILE_IMAGE_CONSTRAINTS.maxBytes / 1024 / 1024, pixels: PROFILE_IMAGE_CONSTRAINTS.minWidth })}
            </p>
            <input
              id="field-image"
              type="file"
              name="image"
              accept={PROFILE_IMAGE_CONSTRAINTS.mimeTypes.join(",")}
              aria-describedby={errors?.length ? "field-image-hint field-image-errors" : "field-image-hint"}
              aria-invalid={errors?.length ? true : undefined}
            />
            <FieldErrors id="field-image-errors" errors={errors} />
          </div>
          <div className="button-row">
            <Button variant="primary" name="intent" value="image" pending={pending}>
              {t("account:profile.imageUpload")}
            </Button>
          </div>
        </Form>
        {image ? (
          <Form method="post">
            <Button name="intent" value="image-delete">
              {t("account:profile.imageRemove")}
            </Button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

/** §3 Host profile: what guests read about the host and how they reach them, and the account's names. */
export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = actionData && "profile" in actionData ? actionData.profile : undefined;
  const imageAnswer = actionData && "image" in actionData ? actionData.image : undefined;
  const form = useFormFields("profile", answer, loaderData.form);
  const chosen = chosenOf(form.field("hostLanguages"));
  const languageErrors = Object.entries(answer?.error ?? {}).flatMap(([name, errors]) => (name.startsWith("hostLanguages") ? (errors ?? []) : []));
  const imageErrors = [...(imageAnswer?.error?.[""] ?? []), ...(imageAnswer?.error?.image ?? [])];
  return (
    <div className="stack">
      <ImageCard image={loaderData.image} errors={imageErrors.length ? imageErrors : undefined} />
      <Form method="post" {...form.form} className="card stack" aria-labelledby="profile-title">
        <h2 id="profile-title">{t("account:profile.title")}</h2>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="profile" />
        <div className="form-columns">
          {loaderData.type === "company" ? (
            <TextInput {...inputOf(form.field("legalBusinessName"))} label={t("onboarding:legalBusinessName")} autoComplete="organization" />
          ) : (
            <>
              <TextInput {...inputOf(form.field("firstName"))} label={t("onboarding:firstName")} autoComplete="given-name" />
              <TextInput {...inputOf(form.field("lastName"))} label={t("onboarding:lastName")} autoComplete="family-name" />
            </>
          )}
          <TextInput {...inputOf(form.field("alias"))} label={t("account:profile.alias")} hint={t("account:profile.aliasHint")} />
          <div className="field">
            <span className="field__label">{t("account:profile.email")}</span>
            <p>{loaderData.email}</p>
          </div>
        </div>
        <TextArea field={form.field("aboutHost")} label={t("account:profile.aboutHost")} hint={t("account:profile.aboutHostHint")} maxLength={ABOUT_HOST_MAX} />
        <fieldset className="field">
          <legend>{t("account:profile.languages")}</legend>
          <div className="account__checkbox-grid">
            {loaderData.languages.map((language) => (
              <label key={language.value} className="choice">
                <input type="checkbox" name="hostLanguages" value={language.value} defaultChecked={chosen.has(language.value)} />
                {language.label}
              </label>
            ))}
          </div>
          <FieldErrors id="hostLanguages-errors" errors={languageErrors.length ? languageErrors : undefined} />
        </fieldset>
        <fieldset className="field stack">
          <legend>{t("account:profile.phones")}</legend>
          <div className="form-columns">
            <TextInput {...inputOf(form.field("phone"))} type="tel" label={t("account:profile.phone")} hint={t("onboarding:phoneHint")} autoComplete="tel" />
            <TextInput {...inputOf(form.field("phoneForGuests"))} type="tel" label={t("account:profile.phoneForGuests")} />
            <TextInput {...inputOf(form.field("phoneForSms"))} type="tel" label={t("account:profile.phoneForSms")} />
            <TextInput {...inputOf(form.field("secondaryPhone"))} type="tel" label={t("account:profile.secondaryPhone")} />
            <Select
              field={form.field("secondaryPhoneType")}
              label={t("account:profile.secondaryPhoneType")}
              empty={t("account:profile.noType")}
              options={SECONDARY_PHONE_TYPES.map((type) => ({ value: type, label: t(`account:profile.phoneType.${type}`) }))}
            />
          </div>
          <Checkbox field={form.field("showPhoneNumberOnOffer")} label={t("account:profile.showPhoneNumberOnOffer")} />
          <Checkbox field={form.field("sendInquirySms")} label={t("account:profile.sendInquirySms")} />
        </fieldset>
        <Checkbox field={form.field("marketingConsent")} label={t("account:profile.marketingConsent")} hint={t("account:profile.marketingConsentHint")} />
        <div className="button-row">
          <SaveButton />
        </div>
      </Form>
    </div>
  );
}
