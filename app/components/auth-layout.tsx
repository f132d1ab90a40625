import { useTranslation } from "~/lib/i18n";
import { href, Link } from "react-router";
import { useRootData } from "~/root";
import { LanguageSwitcher } from "./language-switcher";

/** The frame of the pages a visitor sees before signing in: the brand and language, the page, the legal links. */
export function PublicFrame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <div className="public-page">
      <header className="public-page__header">
        <Link to={href("/")} className="header__brand">
          {root?.brand.name}
        </Link>
        <LanguageSwitcher />
      </header>
      <main id="main" className="public-page__main">
        {children}
      </main>
      <footer className="public-page__footer">
        <Link to={href("/legal")}>{t("legal.title")}</Link>
        <Link to={href("/legal/atc")}>{t("legal.atc.title")}</Link>
      </footer>
    </div>
  );
}

/**
 * A visitor's page in a card: the page's title, its form, and a footer line set apart under a rule
 * (the way to the other page: "New here? Create an account").
 */
export function AuthLayout({ title, footer, children }: { title: string; footer?: React.ReactNode; children: React.ReactNode }) {
  return (
    <PublicFrame>
      <section className="card auth-card" aria-labelledby="page-title">
        <h1 id="page-title">{title}</h1>
        {children}
        {footer ? <p className="auth-card__footer">{footer}</p> : null}
      </section>
    </PublicFrame>
  );
}
