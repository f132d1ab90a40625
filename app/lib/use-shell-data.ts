import { useRouteLoaderData } from "react-router";
import type { loader } from "~/routes/shell";

/** The signed-in user and the shell's counts, for any page inside the shell. */
export function useShellData() {
  const shell = useRouteLoaderData<typeof loader>("routes/shell");
  if (!shell) throw new Error("useShellData is used outside the signed-in shell");
  return shell;
}
