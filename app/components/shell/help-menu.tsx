import { lazy, Suspense } from "react";
import { href, useFetcher, useLocation } from "react-router";
import { sectionOf } from "@domain/support";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n";
import { withQuery } from "~/lib/pages";
import { useDropdown } from "./use-dropdown";
import type { loader as articlesLoader } from "~/routes/help/articles";
import type { FollowLink } from "~/lib/follow-link";

// The articles' list shows once the dropdown is opened (with JavaScript): its code loads then, not with every page.
const loadArticles = () => import("~/routes/help/articles");
const HelpArticleList = lazy(() => loadArticles().then((module) => ({ default: module.HelpArticleList })));

/**
 * The help dropdown (§2): the knowledge articles about the section the host is in (loaded when it
 * opens, with JavaScript; a page of them without), the welcome tour's tutorials (their page, where each
 * opens in the tour's dialog with JavaScript), the Help Center and the support contact form, which
 * knows the page it was opened from. `followLink`: the shell's click handler of its plain links.
 */
export function HelpMenu({ helpCenterUrl, followLink }: { helpCenterUrl: string; followLink: FollowLink }) {
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
        {/* The links come first and keep their places: the articles arrive below them, so a click aimed at a link never lands on an article that just appeared. */}
        <ul className="dropdown__links">
          <li>
            <a href={href("/tour/tutorials")} onClick={followLink} data-discover="true">
              {t("support.tutorials")}
            </a>
          </li>
          <li>
            <a href={withQuery(href("/help/contact"), { page })} onClick={followLink} data-discover="true">
              {t("support.contact")}
            </a>
          </li>
          <li>
            <a href={helpCenterUrl} target="_blank" rel="noreferrer">
              {t("nav.helpCenter")}
              <span className="visually-hidden"> {t("commons.opensInNewTab")}</span>
            </a>
          </li>
        </ul>
        <h2 className="dropdown__title">{t("support.articlesTitle", { section: t(`support.sections.${section}`) })}</h2>
        {loaded ? (
          <Suspense fallback={<p role="status">{t("dialog.loading")}</p>}>
            <HelpArticleList articles={loaded.articles} />
          </Suspense>
        ) : articles.state !== "idle" ? (
          <p role="status">{t("dialog.loading")}</p>
        ) : (
          <p>
            <a href={articlesHref} onClick={followLink} data-discover="true">
              {t("support.articlesLink")}
            </a>
          </p>
        )}
      </div>
    </details>
  );
}
