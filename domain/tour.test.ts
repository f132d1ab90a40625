import { describe, expect, it } from "vitest";
import tour from "@locales/en_US/tour.json";
import { visibleUnitSections } from "./unit-sections";
import { deriveUserFlags, type StoredUserSettings } from "./user-flags";
import { showsWelcomeTour, tutorialsFor, tutorialTextKey, tutorialVideos, TUTORIALS, TUTORIAL_STEPS } from "./tour";

/** The English text of a `tour:` key. */
const english = (key: string) => key.replace(/^tour:/, "").split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tour);

describe("the welcome tour", () => {
  it("opens for a host until seen, or always when forced; never on a staff member's own account", () => {
    expect(showsWelcomeTour(false, false)).toBe(true);
    expect(showsWelcomeTour(true, false)).toBe(false);
    expect(showsWelcomeTour(true, true)).toBe(true);
    expect(showsWelcomeTour(false, false, "staff")).toBe(false);
    expect(showsWelcomeTour(false, true, "staff")).toBe(false);
  });

  it("has the six tutorials of §1 and reads configured https videos only", () => {
    expect(TUTORIALS).toHaveLength(6);
    expect(tutorialVideos(undefined)).toEqual({});
    expect(tutorialVideos("welcome=https://video.example/w.mp4, modifyPrices=http://insecure.example/p.mp4,nope=https://x.example,editProperty=")).toEqual({ welcome: "https://video.example/w.mp4" });
  });

  it("tells a host on a subscription, whom the guest pays, of no payout: the profile's tutorial has a text of its own for them", () => {
    const commission = { commissionApplicable: true };
    const subscription = { commissionApplicable: false };
    expect(tutorialTextKey("accessProfile", "summary", commission)).toBe("tour:tutorials.accessProfile.summary");
    expect(tutorialTextKey("accessProfile", "summary", subscription)).toBe("tour:tutorials.accessProfile.withoutPayouts.summary");
    expect(tutorialTextKey("accessProfile", "steps.1", subscription)).toBe("tour:tutorials.accessProfile.withoutPayouts.steps.1");
    expect(tutorialTextKey("accessProfile", "steps.2", subscription)).toBe("tour:tutorials.accessProfile.steps.2");
    expect(tutorialTextKey("manageSubscriptions", "summary", subscription)).toBe("tour:tutorials.manageSubscriptions.summary");
    // Every text a host reads is there, and what a host on a subscription reads names no payout.
    for (const tutorial of TUTORIALS) {
      const parts = ["summary", ...Array.from({ length: TUTORIAL_STEPS[tutorial] }, (_, i) => `steps.${i + 1}`)];
      for (const part of parts) {
        expect(english(tutorialTextKey(tutorial, part, commission)), `${tutorial} ${part}`).toEqual(expect.any(String));
        expect(english(tutorialTextKey(tutorial, part, subscription)), `${tutorial} ${part}`).toEqual(expect.stringMatching(/^(?![\s\S]*payout)/i));
      }
    }
  });

  it("shows each host only the tutorials of what it has, by the rule of the navigation: subscriptions to a host whose units have the Subscription sections", () => {
    const stored: StoredUserSettings = { role: "host", type: "individual", onboardingStatus: "finished", commercialModel: "commission", biddingTag: null, kycApplicable: false, features: [] };
    const commission = deriveUserFlags(stored);
    const hybrid = deriveUserFlags({ ...stored, biddingTag: "hybrid_13" });
    const subscription = deriveUserFlags({ ...stored, commercialModel: "subscription" });
    expect(tutorialsFor(commission)).toEqual(["welcome", "modifyPrices", "modifyAvailabilities", "editProperty", "accessProfile"]);
    expect(tutorialsFor(hybrid)).toEqual([...TUTORIALS]);
    expect(tutorialsFor(subscription)).toEqual([...TUTORIALS]);
    const unit = { regionalRequirements: { registrationNumber: false, nationalIdentificationCode: false }, registrationNumber: null, nationalIdentificationCode: null, invalidFields: [], coinSubscription: false };
    for (const host of [commission, hybrid, subscription]) {
      const sections = visibleUnitSections({ ...unit, commissionApplicable: host.commissionApplicable, subscriptionApplicable: host.subscriptionApplicable });
      expect(tutorialsFor(host).includes("manageSubscriptions")).toBe(sections.includes("subscription-and-boosters"));
    }
  });
});
