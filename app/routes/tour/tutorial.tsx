import { href, Link } from "react-router";
import type { Route } from "./+types/tutorial";
import { isTutorial, TUTORIALS, TUTORIAL_STEPS, tutorialVideos } from "@domain/tour";
import { buttonClass } from "~/components/ui/button";
import { appContext } from "~/lib/context";
import { useTranslation } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function loader({ params, context }: Route.LoaderArgs) {
  if (!isTutorial(params.tutorial)) throw new Response(null, { status: 404 });
  const tutorial = params.tutorial;
  const index = TUTORIALS.indexOf(tutorial);
  return {
    title: serverT(context)(`tour:tutorials.${tutorial}.title`),
    tutorial,
    steps: TUTORIAL_STEPS[tutorial],
    video: tutorialVideos(context.get(appContext).env.TUTORIAL_VIDEOS)[tutorial] ?? null,
    next: TUTORIALS[index + 1] ?? null,
  };
}

/** One tutorial (§1): its steps as text, and its video when one is configured. */
export default function TourTutorial({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { tutorial, steps, video, next } = loaderData;
  return (
    <>
      <p>
        <Link to={href("/tour/tutorials")}>{t("tour:list.back")}</Link>
      </p>
      <h1>{t(`tour:tutorials.${tutorial}.title`)}</h1>
      <p>{t(`tour:tutorials.${tutorial}.summary`)}</p>
      {video ? (
        // oxlint-disable-next-line jsx-a11y/media-has-caption -- the steps below say what the video shows
        <video className="tour__video" src={video} controls preload="none" aria-label={t(`tour:tutorials.${tutorial}.title`)} />
      ) : null}
      <ol className="tour__steps">
        {Array.from({ length: steps }, (_, i) => (
          <li key={i}>{t(`tour:tutorials.${tutorial}.steps.${i + 1}`)}</li>
        ))}
      </ol>
      {next ? (
        <div className="button-row">
          <Link className={buttonClass({ variant: "primary" })} to={href("/tour/tutorials/:tutorial", { tutorial: next })}>
            {t("tour:next", { title: t(`tour:tutorials.${next}.title`) })}
          </Link>
        </div>
      ) : null}
    </>
  );
}
