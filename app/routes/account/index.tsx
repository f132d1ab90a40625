import { redirect } from "react-router";
import { accountTabHref } from "./tabs";

/** /account opens the profile, the first tab every host has. */
export function loader() {
  return redirect(accountTabHref("profile"));
}
