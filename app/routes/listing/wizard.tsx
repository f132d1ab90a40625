import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { href, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/wizard";
import type { StepGroup, StepId } from "@domain/listing-steps";
import { DialogLink } from "~/components/dialog-link";
import { useFormat } from "~/lib/format";
import { UnitSelection, type UnitSelectionLoader } from "./unit-selection";
import { getWizard, saveAndExit } from "./wizard.server";

export const middleware: Route.MiddlewareFunction[] = [saveAndExit];

export const handle: TranslationsHandle = { i18n: ["listing", "properties"] };

/**
 * The frame of both listing wizards (§2 Listing): the weighted progress, server-rendered, and the
 * groups of steps with where the host is. Each step is a nested route with its own form.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const wizard = await getWizard(context, params);
  const done = new Set(wizard.completed);
  const groups: { group: StepGroup; steps: { id: StepId; done: boolean }[] }[] = [];
  for (const step of wizard.steps) {
    const last = groups.at(-1);
    const entry = { id: step.id, done: done.has(step.id) };
    if (last?.group === step.group) last.steps.push(entry);
    else groups.push({ group: step.group, steps: [entry] });
  }
  return { kind: wizard.kind, percent: wizard.percent, groups, title: wizard.unit.title, propertyId: params.propertyId };
}

export default function Wizard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { kind, percent, groups, propertyId } = loaderData;
  // `/listing/{kind}/{propertyId}/{unitId}/{step…}`: the step is what follows the unit.
  const current = useLocation().pathname.split("/").slice(5).join("/");
  return (
    <div className="page wizard">
      <header className="wizard__header stack stack--tight">
        <div className="wizard__top">
          <p className="wizard__eyebrow">{t(`listing:wizard.${kind}`)}</p>
          <div className="button-row">
            {kind === "multi-unit" ? (
              <DialogLink<UnitSelectionLoader> to={href("/listing/property/:propertyId/units", { propertyId })} className="button button--small" render={(loaded) => <UnitSelection data={loaded} />}>
                {t("listing:units.choose")}
              </DialogLink>
            ) : null}
          </div>
        </div>
        <div className="wizard__progress">
          <label htmlFor="listing-progress">{t("listing:wizard.progress", { percent: format.percent(percent) })}</label>
          <progress id="listing-progress" max={100} value={percent}>
            {format.percent(percent)}
          </progress>
        </div>
        <nav aria-label={t("listing:wizard.groups")}>
          <ol className="wizard__groups">
            {groups.map((g) => {
              const here = g.steps.some((s) => s.id === current);
              const finished = g.steps.every((s) => s.done);
              return (
                <li key={g.group} className={here ? "wizard__group wizard__group--current" : "wizard__group"} aria-current={here ? "step" : undefined}>
                  {t(`listing:group.${g.group}`)}
                  {finished ? <span className="visually-hidden"> {t("listing:wizard.groupDone")}</span> : null}
                </li>
              );
            })}
          </ol>
        </nav>
      </header>
      <Outlet />
    </div>
  );
}
