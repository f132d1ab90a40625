import { href, Link } from "react-router";
import type { Route } from "./+types/articles";
import { hostApi } from "@contract/index";
import { KNOWLEDGE_CATEGORIES, type KnowledgeCategory } from "@domain/support";
import { buttonClass } from "~/components/ui/button";
import { authContext } from "~/lib/auth.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { getLocale, serverT } from "~/lib/i18n.server";
import { withQuery } from "~/lib/pages";

/** The help articles show no form errors: the error texts are not sent (TranslationsHandle). */
export const handle: TranslationsHandle = { formErrors: false };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The knowledge articles of one section of the app (`?section=calendar`), in the page's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("section") ?? "";
  const section: KnowledgeCategory = (KNOWLEDGE_CATEGORIES as readonly string[]).includes(asked) ? (asked as KnowledgeCategory) : "overview";
  const t = serverT(context);
  const { articles } = await context.get(authContext).call(hostApi.home.knowledgeArticles, { query: { categories: section, hl: getLocale(context) } });
  return { title: t("support.articlesTitle", { section: t(`support.sections.${section}`) }), section, articles, page: url.searchParams.get("page") ?? "" };
}

/** The help dropdown's articles as a page (without JavaScript), and what the dropdown loads with it. */
export default function HelpArticles({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow stack">
      <h1>{loaderData.title}</h1>
      <HelpArticleList articles={loaderData.articles} />
      <p>
        <Link className={buttonClass({ variant: "primary" })} to={withQuery(href("/help/contact"), loaderData.page ? { page: loaderData.page } : {})}>
          {t("support.contact")}
        </Link>
      </p>
    </div>
  );
}

export function HelpArticleList({ articles }: { articles: Awaited<ReturnType<typeof loader>>["articles"] }) {
  return (
    <ul className="help-articles">
      {articles.map((article) => (
        <li key={article.id}>
          <details className="help-article">
            <summary>{article.title}</summary>
            <p>{article.summary}</p>
            <ol>
              {article.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </details>
        </li>
      ))}
    </ul>
  );
}
