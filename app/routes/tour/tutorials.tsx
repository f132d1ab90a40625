import { href, Link } from "react-router";
import type { Route } from "./+types/tutorials";
import { TUTORIALS } from "@domain/tour";
import { useTranslation } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { title: serverT(context)("tour:list.title") };
}

/** The six tutorials of the welcome tour (§1): a page, and the dialog the overview opens with JavaScript. */
export default function TourTutorials() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("tour:list.title")}</h1>
      <TutorialList />
    </>
  );
}

export function TutorialList() {
  const { t } = useTranslation();
  return (
    <>
      <p>{t("tour:list.intro")}</p>
      <ol className="tour__list">
        {TUTORIALS.map((id) => (
          <li key={id}>
            <Link to={href("/tour/tutorials/:tutorial", { tutorial: id })} className="tour__item">
              <span className="tour__item-title">{t(`tour:tutorials.${id}.title`)}</span>
              <span className="muted">{t(`tour:tutorials.${id}.summary`)}</span>
            </Link>
          </li>
        ))}
      </ol>
    </>
  );
}
