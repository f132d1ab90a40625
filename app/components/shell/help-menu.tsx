import { lazy, Suspense } from "react";
import { href, Link, useFetcher, useLocation } from "react-router";
import { sectionOf } from "@domain/support";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n";
import { withQuery } from "~/lib/pages";
import { useDropdown } from "./use-dropdown";
import type { loader as articlesLoader } from "~/routes/help/articles";

// The articles' list shows once the dropdown is opened (with JavaScript): its code loads then, not with every page.
const loadArticles = () => import("~/routes/help/articles");
const HelpArticleList = lazy(() => loadArticles().then((module) => ({ default: module.HelpArticleList })));

/**
 * The help dropdown (§2): the knowledge articles about the section the host is in (loaded when it
 * opens, with JavaScript; a page of them without), the welcome tour's tutorials (their page, where each
 * opens in the tour's dialog with JavaScript), the Help Center and the support contact form, which
 * knows the page it was opened from.
 */
export function HelpMenu({ helpCenterUrl }: { helpCenterUrl: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const articles = useFetcher<typeof articlesLoader>();
  const section = sectionOf(location.pathname);
  const page = `${location.pathname}${location.search}`;
  const articlesHref = withQuery(href("/help"), { section, page });
  const loaded = articles.data?.section === section ? articles.data : null;
  const dropdown = useDropdown();
  return (
    <details
      className="dropdown help-menu"
      ref={dropdown}
      onToggle={(event) => {
        if (event.currentTarget.open && !loaded && articles.state === "idle") {
          void articles.load(articlesHref);
          void loadArticles();
        }
      }}
    >
      {/* The Help Center of the first-visit note, with the articles about this page and the contact form. */}
      <summary className="nav__link dropdown__toggle" id="help-center-link" title={t("nav.helpCenter")}>
        <Icon icon={icons.help} />
        <span className="nav__label nav__label--optional">{t("nav.helpCenter")}</span>
      </summary>
      <div className="dropdown__panel">
        <h2 className="dropdown__title">{t("support.articlesTitle", { section: t(`support.sections.${section}`) })}</h2>
        {loaded ? (
          <Suspense fallback={<p role="status">{t("dialog.loading")}</p>}>
            <HelpArticleList articles={loaded.articles} />
          </Suspense>
        ) : articles.state !== "idle" ? (
          <p role="status">{t("dialog.loading")}</p>
        ) : null}
        <ul className="dropdown__links">
          {loaded ? null : (
            <li>
              <Link to={articlesHref}>{t("support.articlesLink")}</Link>
            </li>
          )}
          <li>
            <Link to={href("/tour/tutorials")}>{t("support.tutorials")}</Link>
          </li>
          <li>
            <Link to={withQuery(href("/help/contact"), { page })}>{t("support.contact")}</Link>
          </li>
          <li>
            <a href={helpCenterUrl} target="_blank" rel="noreferrer">
              {t("nav.helpCenter")}
              <span className="visually-hidden"> {t("commons.opensInNewTab")}</span>
            </a>
          </li>
        </ul>
      </div>
    </details>
  );
}
