import { data, Form, href, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/channel-api-keys";
import { hostApi } from "@contract/index";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FormErrors } from "~/components/ui/form-errors";
import * as icons from "~/components/ui/icons";
import { Table } from "~/components/ui/table";
import { TextInput } from "~/components/ui/text-input";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { useFormat } from "~/lib/format";
import { replyWithApiError } from "~/lib/forms.server";
import { HostApiError } from "~/lib/host-api.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import { requireBookings } from "./guards.server";
import stylesheet from "~/components/bookings/bookings.css?url";

export const handle: TranslationsHandle = { i18n: ["bookings"] };

export const middleware: Route.MiddlewareFunction[] = [requireBookings];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/**
 * The host's API keys for a channel manager (the channel intake API, /api/channel): create one with
 * a name (its secret is shown once, on the answer of the form) and revoke those no longer used.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { call } = context.get(authContext);
  const { items } = await call(hostApi.channelKeys.list);
  return { title: serverT(context)("bookings:apiKeys.title"), keys: items };
}

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name: z.string({ message: "required" }).trim().min(1, "required").max(80, "too_long") }),
  z.object({ intent: z.literal("revoke"), keyId: z.string().min(1) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data({ result: submission.reply(), created: null }, { status: 400 });
  const { call } = context.get(authContext);
  if (submission.value.intent === "revoke") {
    await call(hostApi.channelKeys.revoke, { params: { keyId: submission.value.keyId } });
    return redirectWithFlash(context, href("/account/channel-api-keys"), { kind: "success", key: "bookings:apiKeys.revoked" });
  }
  try {
    const created = await call(hostApi.channelKeys.create, { body: { name: submission.value.name } });
    // The secret is in this answer only: it is shown now and never again (the API keeps a hash).
    return data({ result: submission.reply({ resetForm: true }), created: { name: created.name, secret: created.secret } });
  } catch (error) {
    if (error instanceof HostApiError && error.status === 409) return data({ result: submission.reply({ formErrors: ["apiKeys.tooMany"] }), created: null }, { status: 409 });
    const { result, status } = replyWithApiError(submission, error, { fields: ["name"] });
    return data({ result, created: null }, { status });
  }
}

export default function ChannelApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigation = useNavigation();
  const { keys } = loaderData;
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const formErrors = (actionData?.result.error?.[""] ?? []).map((code) => (code === "apiKeys.tooMany" ? t("bookings:apiKeys.tooMany") : code));
  return (
    <div className="page stack">
      <div className="page-heading">
        <h1>{t("bookings:apiKeys.title")}</h1>
      </div>
      <p className="muted">{t("bookings:apiKeys.intro")}</p>
      {actionData?.created ? (
        <section className="banner banner--success stack" role="status" aria-labelledby="new-key-title">
          <h2 id="new-key-title">{t("bookings:apiKeys.createdTitle", { name: actionData.created.name })}</h2>
          <p>{t("bookings:apiKeys.createdOnce")}</p>
          <label htmlFor="new-key-secret">{t("bookings:apiKeys.secret")}</label>
          <input id="new-key-secret" className="api-key-secret" readOnly value={actionData.created.secret} onFocus={(event) => event.currentTarget.select()} />
        </section>
      ) : null}
      <Form method="post" className="card stack" aria-labelledby="create-key-title">
        <h2 id="create-key-title">{t("bookings:apiKeys.create")}</h2>
        <input type="hidden" name="intent" value="create" />
        <FormErrors id="create-key-errors" errors={formErrors} />
        <TextInput name="name" label={t("bookings:apiKeys.name")} hint={t("bookings:apiKeys.nameHint")} defaultValue="" errors={actionData?.result.error?.name ?? undefined} key={actionData?.created?.secret ?? "new"} />
        <div className="button-row">
          <Button variant="primary" icon={icons.plus} pending={creating}>
            {t("bookings:apiKeys.createButton")}
          </Button>
        </div>
      </Form>
      {keys.length ? (
        <Table
          caption={t("bookings:apiKeys.title")}
          rows={keys}
          rowKey={(key) => key.id}
          columns={[
            { label: t("bookings:apiKeys.name"), render: (key) => key.name },
            { label: t("bookings:apiKeys.prefix"), render: (key) => <code>{key.prefix}…</code> },
            { label: t("bookings:apiKeys.created"), render: (key) => format.dateTime(key.createdAt) },
            { label: t("bookings:apiKeys.lastUsed"), render: (key) => (key.lastUsedAt ? format.dateTime(key.lastUsedAt) : t("bookings:apiKeys.neverUsed")) },
            {
              label: t("bookings:apiKeys.actions"),
              hidden: true,
              render: (key) => (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="keyId" value={key.id} />
                  <Button variant="danger" size="small" aria-label={t("bookings:apiKeys.revokeNamed", { name: key.name })}>
                    {t("bookings:apiKeys.revoke")}
                  </Button>
                </Form>
              ),
            },
          ]}
        />
      ) : (
        <EmptyState icon={icons.plus}>{t("bookings:apiKeys.empty")}</EmptyState>
      )}
    </div>
  );
}
