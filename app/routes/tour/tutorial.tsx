import type { Route } from "./+types/tutorial";
import { isTutorial, tutorialsFor, TUTORIAL_STEPS, tutorialVideos } from "@domain/tour";
import { tutorialPicture } from "~/components/tour/tour-pictures";
import { TutorialView } from "~/components/tour/tour-views";
import { authContext } from "~/lib/auth.server";
import { appContext } from "~/lib/context";
import { getLocale, serverT } from "~/lib/i18n.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** One tutorial: its page, and what the tour's dialog shows of it (with JavaScript). A tutorial of what the host does not have is not there for them, as it is not in their list. */
export function loader({ params, context }: Route.LoaderArgs) {
  const tutorials = tutorialsFor(context.get(authContext).user);
  if (!isTutorial(params.tutorial) || !tutorials.includes(params.tutorial)) throw new Response(null, { status: 404 });
  const tutorial = params.tutorial;
  const index = tutorials.indexOf(tutorial);
  return {
    title: serverT(context)(`tour:tutorials.${tutorial}.title`),
    tutorial,
    steps: TUTORIAL_STEPS[tutorial],
    video: tutorialVideos(context.get(appContext).env.TUTORIAL_VIDEOS)[tutorial] ?? null,
    picture: tutorialPicture(tutorial, getLocale(context)),
    next: tutorials[index + 1] ?? null,
  };
}

/** One tutorial (§1) as a page: its steps under the picture of its screen, and its video when one is configured. */
export default function TourTutorial({ loaderData }: Route.ComponentProps) {
  return <TutorialView data={loaderData} level={1} />;
}
