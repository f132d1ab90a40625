import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "@contract/user";
import { authContext, type Auth } from "~/lib/auth.server";
import { requestedPage } from "~/lib/pages";
import { loader } from "./layout";

/** The layout's loader reads only the host's settings from the auth context. */
function subscriptionHost() {
  const context = new RouterContextProvider();
  const user = { commissionApplicable: false, commercialModel: "subscription", isB2B: false, isSubscriptionCheckoutAvailable: true, features: [] } as unknown as CurrentUser;
  context.set(authContext, { user } as unknown as Auth);
  return context;
}

const load = (path: string) =>
  Promise.resolve()
    .then(() => loader({ request: new Request(`http://localhost${path}`), context: subscriptionHost(), params: {} } as never))
    .catch((thrown: unknown) => thrown);

describe("the account's tabs", () => {
  it("reads the page asked for from a page's address and from the router's data request for it", () => {
    expect(requestedPage(new Request("http://localhost/account/payout"))).toBe("payout");
    expect(requestedPage(new Request("http://localhost/account/payout.data"))).toBe("payout");
    expect(requestedPage(new Request("http://localhost/account/payout.data?_routes=routes%2Faccount%2Fpayout"))).toBe("payout");
  });

  it("leads a host who has no payout tab to the profile, whether the page or its data is asked for (a JavaScript navigation)", async () => {
    const answers = (await Promise.all(["/account/payout", "/account/payout.data"].map(load))) as Response[];
    expect(answers.map((answer) => [answer.status, answer.headers.get("Location")])).toEqual([
      [302, "/account/profile"],
      [302, "/account/profile"],
    ]);
    const profile = (await load("/account/profile.data")) as { tabs: string[] };
    expect(profile.tabs).not.toContain("payout");
  });
});
