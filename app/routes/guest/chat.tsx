import { data, Form, href, redirect } from "react-router";
import { guest, type GuestStay } from "@contract/guest";
import type { LiveMessage } from "@contract/live-protocol";
import type { Route } from "./+types/chat";
import { PublicFrame } from "~/components/auth-layout";
import { chatStyles, Conversation } from "~/components/chat/conversation";
import { useFormat } from "~/lib/format";
import { HostApiError } from "~/lib/host-api.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import { withQuery } from "~/lib/pages";
import { requireGuest } from "./guest-session.server";
import { reviewLinkOf } from "./review-state.server";
import { forgetGuestData } from "./guest-storage";

export const handle: TranslationsHandle = { i18n: ["guest", "chat", "insights"] };

export const links: Route.LinksFunction = () => [chatStyles];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** `?seen=<seq>`: the last message the guest had seen, so what arrived since is marked new. */
function seenOf(request: Request): number | undefined {
  const seen = Number(new URL(request.url).searchParams.get("seen"));
  return Number.isSafeInteger(seen) && seen > 0 ? seen : undefined;
}

/**
 * The guest's conversation with the host (§2 Guest): the stay's summary beside the messages, live
 * with JavaScript; without, a form that posts and a link that shows what arrived since.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { call } = await requireGuest(context, request);
  const [stay, conversation] = await Promise.all([call(guest.stay), call(guest.conversation, { query: { limit: 50 } })]);
  // The guest sees the conversation: the host's messages are read.
  await call(guest.read);
  return {
    title: serverT(context)("guest:chat.title", { host: stay.host.name }),
    stay,
    conversation,
    seen: seenOf(request),
    clientMessageId: `f${crypto.randomUUID().replaceAll("-", "")}`,
    // After check-out a booking's guest is asked for a review while it can be written, and finds it once written (issue 16).
    review: reviewLinkOf(stay),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { call } = await requireGuest(context, request);
  const form = await request.formData();
  const text = String(form.get("text") ?? "");
  const clientMessageId = String(form.get("clientMessageId") ?? "");
  const seen = String(form.get("seen") ?? "");
  try {
    await call(guest.send, { body: { text, clientMessageId } });
  } catch (error) {
    if (!(error instanceof HostApiError) || error.status >= 500) throw error;
    const errors = [...error.formErrors, ...Object.values(error.fieldErrors).flat()].map((e) => e.type);
    return data({ errors, draft: text }, { status: 400 });
  }
  return redirect(withQuery(href("/guest/chat"), /^\d+$/.test(seen) ? { seen } : {}));
}

export default function GuestChat({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { stay, conversation } = loaderData;
  const messages: LiveMessage[] = conversation.messages;
  const lastSeq = messages.at(-1)?.seq ?? 0;
  return (
    <PublicFrame>
      <div className="guest-chat">
        <aside className="card stack" aria-labelledby="guest-stay-title">
          <h2 id="guest-stay-title">{t(`guest:type.${stay.type}`)}</h2>
          <StaySummary stay={stay} />
          {loaderData.review ? <a href={href("/guest/review")}>{t(loaderData.review === "asked" ? "insights:guestReview.link" : "insights:guestReview.yours")}</a> : null}
          <Form method="post" action={href("/guest/logout")} className="guest-chat__signout">
            <button type="submit" className="button button--ghost button--small">
              {t("guest:chat.signOut")}
            </button>
          </Form>
        </aside>
        <section className="card stack" aria-labelledby="guest-chat-title">
          <h1 id="guest-chat-title">{t("guest:chat.title", { host: stay.host.name })}</h1>
          <p>{t("guest:chat.intro", { host: stay.host.name })}</p>
          <Conversation
            side="guest"
            conversationId={conversation.id}
            messages={messages}
            names={{ host: stay.host.name, guest: stay.guest.firstName }}
            tokenUrl={href("/guest/live-token")}
            formAction={href("/guest/chat")}
            newerHref={`${withQuery(href("/guest/chat"), { seen: String(lastSeq) })}#new`}
            clientMessageId={loaderData.clientMessageId}
            formErrors={actionData?.errors}
            draft={actionData?.draft}
            seenSeq={loaderData.seen}
            onSignedOut={() => {
              forgetGuestData();
              window.location.assign(withQuery(href("/guest/login"), { expired: "1" }));
            }}
          />
        </section>
      </div>
    </PublicFrame>
  );
}

function StaySummary({ stay }: { stay: GuestStay }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <dl className="guest-stay">
      <div>
        <dt>{t("guest:stay.place")}</dt>
        <dd>{stay.unit.city ? `${stay.unit.title}, ${stay.unit.city}` : stay.unit.title}</dd>
      </div>
      <div>
        <dt>{t("guest:stay.dates")}</dt>
        <dd>
          {format.date(stay.checkIn, "medium")} – {format.date(stay.checkOut, "medium")}
        </dd>
      </div>
      <div>
        <dt>{t("guest:stay.nightsLabel")}</dt>
        <dd>{t("guest:stay.nights", { count: stay.nights })}</dd>
      </div>
      <div>
        <dt>{t("guest:stay.guests")}</dt>
        <dd>{format.number(stay.guests)}</dd>
      </div>
      <div>
        <dt>{t("guest:stay.status")}</dt>
        <dd>{t(`guest:status.${stay.status}`, { defaultValue: stay.status })}</dd>
      </div>
      <div>
        <dt>{t("guest:stay.code")}</dt>
        <dd data-testid="guest-code">{stay.code}</dd>
      </div>
      <div>
        <dt>{t("guest:stay.total")}</dt>
        <dd>{format.money(stay.totalAmount, stay.currency)}</dd>
      </div>
      <div>
        <dt>{t("guest:stay.host")}</dt>
        <dd>{stay.host.name}</dd>
      </div>
    </dl>
  );
}
