import { href, Link } from "react-router";
import type { Route } from "./+types/contact-messages";
import { hostApi } from "@contract/index";
import { CONTACT_TOPICS } from "@domain/support";
import { EmailAddress } from "~/components/ui/email-address";
import { EmptyState } from "~/components/ui/empty-state";
import * as icons from "~/components/ui/icons";
import { authContext } from "~/lib/auth.server";
import { useFormat } from "~/lib/format";
import { orNotFound } from "~/lib/host-api.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import { withQuery } from "~/lib/pages";

// The topics' names are the help namespace's.
export const handle: TranslationsHandle = { i18n: ["help"], formErrors: false };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** Hosts' messages to support, newest first (staff only; hosts get 404). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
  const { call } = context.get(authContext);
  const answer = await orNotFound(call(hostApi.home.contactMessages, { query: { page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1 } }));
  const t = serverT(context);
  return { title: t("support.staffTitle"), ...answer, topicNames: Object.fromEntries(CONTACT_TOPICS.map((topic) => [topic, t(`help:topics.${topic}`)])) };
}

export default function ContactMessages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { items, pagination, topicNames } = loaderData;
  return (
    <div className="page stack">
      <h1>{loaderData.title}</h1>
      {items.length === 0 ? (
        <EmptyState icon={icons.inbox}>{t("support.staffEmpty")}</EmptyState>
      ) : (
        <ul className="stack contact-messages">
          {items.map((m) => (
            <li key={m.publicId} className="card stack">
              <p className="facts-line">
                <strong>{topicNames[m.topic] ?? m.topic}</strong>
                <span>{m.host.fullName}</span>
                <EmailAddress address={m.host.email} />
                <span>{format.dateTime(m.createdAt)}</span>
              </p>
              <p className="contact-messages__body">{m.body}</p>
              <p className="facts-line muted">
                {m.pageId ? <span>{t("support.staffPage", { page: m.pageId })}</span> : null}
                {m.propertyUnitId ? <span>{t("support.staffUnit", { unit: m.propertyUnitId })}</span> : null}
                {m.sentByStaff ? <span>{t("support.staffSentBy", { name: m.sentByStaff })}</span> : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      {pagination.next > pagination.current ? (
        <Link to={withQuery(href("/staff/contact-messages"), { page: String(pagination.next) })}>{t("support.staffNext")}</Link>
      ) : null}
    </div>
  );
}
