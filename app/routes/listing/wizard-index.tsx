import { redirect } from "react-router";
import type { Route } from "./+types/wizard-index";
import { getWizard, stepHref } from "./wizard.server";

/** The wizard's own address opens the step where the host is: the last completed one plus one (§4). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const wizard = await getWizard(context, params);
  throw redirect(stepHref(wizard.kind, params, wizard.current.id));
}

export default function WizardIndex() {
  return null;
}
