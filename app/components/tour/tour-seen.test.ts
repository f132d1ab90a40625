import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { closeWhenPendingScript, PENDING_TOUR_SEEN, PENDING_TOUR_SEEN_FOR_MS } from "./tour-seen";

/** Runs the script as the browser does right after the server's open welcome; answers whether the welcome is still open. */
function welcomeOpenAfter(script: string, stored: string | null) {
  const welcome = {
    open: true,
    removeAttribute(name: string) {
      if (name === "open") this.open = false;
    },
  };
  const sessionStorage = { getItem: (key: string) => (key === PENDING_TOUR_SEEN ? stored : null) };
  runInNewContext(script, { sessionStorage, document: { currentScript: { previousElementSibling: welcome } }, JSON, Date });
  return welcome.open;
}

const pending = (userId: string, age = 0) => JSON.stringify({ userId, at: Date.now() - age });

describe("the script after the server's welcome", () => {
  const script = closeWhenPendingScript("usr_anna");

  it("closes it when the tab holds this user's unanswered close", () => {
    expect(welcomeOpenAfter(script, pending("usr_anna"))).toBe(false);
    expect(welcomeOpenAfter(script, pending("usr_anna", PENDING_TOUR_SEEN_FOR_MS - 60_000))).toBe(false);
  });

  it("leaves it open without one, for another user, for one too old, and for what it cannot read", () => {
    expect(welcomeOpenAfter(script, null)).toBe(true);
    expect(welcomeOpenAfter(script, pending("usr_bert"))).toBe(true);
    expect(welcomeOpenAfter(script, pending("usr_anna", PENDING_TOUR_SEEN_FOR_MS + 1))).toBe(true);
    expect(welcomeOpenAfter(script, "{not json")).toBe(true);
  });

  it("cannot be ended early by the user id it carries", () => {
    const odd = closeWhenPendingScript('</script><script>alert("x")</script>');
    expect(odd).not.toContain("</script");
    expect(welcomeOpenAfter(odd, pending('</script><script>alert("x")</script>'))).toBe(false);
  });
});
