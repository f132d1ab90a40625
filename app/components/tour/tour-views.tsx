import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { href, Link } from "react-router";
import { tutorialsFor, tutorialTextKey, type Tutorial } from "@domain/tour";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { useShellData } from "~/lib/use-shell-data";

/** What the tour shows: its welcome, the list of tutorials, or one tutorial. */
export type TourView = "welcome" | "list" | Tutorial;

/** Each view is a page of its own (without JavaScript, and for a link opened in a new tab). */
export function tourHref(view: TourView) {
  if (view === "welcome") return href("/tour");
  if (view === "list") return href("/tour/tutorials");
  return href("/tour/tutorials/:tutorial", { tutorial: view });
}

/** Moves the tour to another view in place (in its dialog); absent on the tour's pages, whose links lead to pages. */
export type GoTo = (view: TourView) => void;

/** A link to a view of the tour: a page, or with `go` (JavaScript, in the dialog) the view shown in place. */
export function TourLink({ view, go, className, children }: { view: TourView; go?: GoTo; className?: string; children: ReactNode }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!go || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(view);
  };
  return (
    <Link to={tourHref(view)} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}

/** A view's title: focused when the view changed in place under the pressed link, so the keyboard goes on from there. */
export function TourHeading({ level, focus, children }: { level: 1 | 2; focus: boolean; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <Heading tabIndex={focus ? -1 : undefined} ref={heading}>
      {children}
    </Heading>
  );
}

/** The tutorials (§1) of what the host has, each a link to its tutorial. */
export function TutorialList({ go }: { go?: GoTo }) {
  const { t } = useTranslation();
  const { user } = useShellData();
  return (
    <>
      <p>{t("tour:list.intro")}</p>
      <ol className="tour__list">
        {tutorialsFor(user).map((id) => (
          <li key={id}>
            <TourLink view={id} go={go} className="tour__item">
              <span className="tour__item-title">{t(`tour:tutorials.${id}.title`)}</span>
              <span className="muted">{t(tutorialTextKey(id, "summary", user))}</span>
            </TourLink>
          </li>
        ))}
      </ol>
    </>
  );
}

/** A tutorial as its page's loader gives it. */
export interface TutorialData {
  tutorial: Tutorial;
  steps: number;
  video: string | null;
  /** The picture of the real screen it is about, in the host's language where there is one (tour-pictures.ts). */
  picture: string;
  next: Tutorial | null;
}

/** The pictures' size (scripts/tour-pictures.ts: a desktop window of 1280 × 800 drawn at three quarters). */
const PICTURE = { width: 960, height: 600 } as const;

/**
 * One tutorial (§1): its steps as text under the picture of the screen they are about, and its
 * video when one is configured. On its page (level 1) and in the tour's dialog (level 2, `go`).
 */
export function TutorialView({ data, level, go, focus = false }: { data: TutorialData; level: 1 | 2; go?: GoTo; focus?: boolean }) {
  const { t } = useTranslation();
  const { user } = useShellData();
  const { tutorial, steps, video, picture, next } = data;
  const title = t(`tour:tutorials.${tutorial}.title`);
  return (
    <>
      <p>
        <TourLink view="list" go={go}>
          {t("tour:list.back")}
        </TourLink>
      </p>
      <TourHeading level={level} focus={focus}>
        {title}
      </TourHeading>
      <p>{t(tutorialTextKey(tutorial, "summary", user))}</p>
      {video ? (
        // oxlint-disable-next-line jsx-a11y/media-has-caption -- the steps below say what the video shows
        <video className="tour__video" src={video} controls preload="none" aria-label={title} />
      ) : null}
      <img className="tour__picture" src={picture} width={PICTURE.width} height={PICTURE.height} alt={t(`tour:tutorials.${tutorial}.picture`)} loading="lazy" decoding="async" />
      <ol className="tour__steps">
        {Array.from({ length: steps }, (_, i) => (
          <li key={i}>{t(tutorialTextKey(tutorial, `steps.${i + 1}`, user))}</li>
        ))}
      </ol>
      {next ? (
        <div className="button-row">
          <TourLink view={next} go={go} className={buttonClass({ variant: "primary" })}>
            {t("tour:next", { title: t(`tour:tutorials.${next}.title`) })}
          </TourLink>
        </div>
      ) : null}
    </>
  );
}
