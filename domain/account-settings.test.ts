import { describe, expect, it } from "vitest";
import {
  biddingTagOf,
  currentBillingTag,
  hostProfileProblems,
  mayChooseBillingTag,
  profileImageProblem,
  visibleAccountTabs,
  type AccountTabFlags,
} from "./account-settings";
import { hostProfilePatchSchema } from "./account-profile-schema";

const subscription: AccountTabFlags = { commercialModel: "subscription", commissionApplicable: false, isB2B: false, isSubscriptionCheckoutAvailable: false, appFeatures: [] };

describe("account tabs (§2, §6)", () => {
  it("shows a subscription host profile, billing and localization only", () => {
    expect(visibleAccountTabs(subscription)).toEqual(["profile", "billing", "localization"]);
  });

  it("shows payout and the pricing model to commission hosts", () => {
    expect(visibleAccountTabs({ ...subscription, commercialModel: "commission", commissionApplicable: true })).toEqual(["profile", "billing", "payout", "pricing", "localization"]);
  });

  it("hides the pricing model from hybrid hosts, even B2B ones", () => {
    expect(visibleAccountTabs({ ...subscription, commercialModel: "hybrid", commissionApplicable: true, isB2B: true })).toEqual(["profile", "billing", "payout", "localization"]);
  });

  it("shows the pricing model to B2B hosts and payment details with checkout", () => {
    expect(visibleAccountTabs({ ...subscription, isB2B: true, isSubscriptionCheckoutAvailable: true })).toEqual(["profile", "billing", "pricing", "payment", "localization"]);
  });

  it("shows earnings per setting, with the statistics' earnings: to a commission host with the earnings setting", () => {
    const commission: AccountTabFlags = { ...subscription, commercialModel: "commission", commissionApplicable: true };
    expect(visibleAccountTabs({ ...commission, appFeatures: ["earnings"] })).toEqual(["profile", "billing", "payout", "pricing", "earnings", "localization"]);
    expect(visibleAccountTabs(commission)).not.toContain("earnings");
    // A subscription host earns no payouts through us: the setting alone shows no earnings (the statistics' earnings would lead away).
    expect(visibleAccountTabs({ ...subscription, appFeatures: ["earnings"] })).not.toContain("earnings");
  });
});

describe("host profile", () => {
  it("normalises phone numbers, trims the text, drops repeated languages and empty values", () => {
    expect(hostProfilePatchSchema.parse({ phoneForGuests: "0049 30 1234567", aboutHost: "  Hi  ", hostLanguages: ["en", "en", "de"], alias: "", secondaryPhone: "" })).toEqual({
      phoneForGuests: "+49301234567",
      aboutHost: "Hi",
      hostLanguages: ["en", "de"],
      alias: null,
      secondaryPhone: null,
    });
  });

  it("refuses a bad phone number, an unknown language and unknown fields", () => {
    const result = hostProfilePatchSchema.safeParse({ phoneForSms: "123", hostLanguages: ["klingon"], nickname: "x" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message === "phone_invalid" || i.code]).sort()).toEqual([
      ["", "unrecognized_keys"],
      ["hostLanguages.0", "invalid_value"],
      ["phoneForSms", true],
    ]);
  });

  it("needs the SMS number for inquiry SMS, the guests' number to show it, a type for a second number", () => {
    const empty = { phoneForGuests: null, phoneForSms: null, secondaryPhone: null, secondaryPhoneType: null, sendInquirySms: false, showPhoneNumberOnOffer: false };
    expect(hostProfileProblems(empty)).toEqual([]);
    expect(hostProfileProblems({ ...empty, sendInquirySms: true, showPhoneNumberOnOffer: true, secondaryPhone: "+4930" })).toEqual([
      { field: "phoneForSms", type: "phone_for_sms_required" },
      { field: "phoneForGuests", type: "phone_for_guests_required" },
      { field: "secondaryPhoneType", type: "required" },
    ]);
    expect(hostProfileProblems({ ...empty, sendInquirySms: true, phoneForSms: "+4915123", secondaryPhone: "+4930", secondaryPhoneType: "mobile" })).toEqual([]);
  });
});

describe("profile image", () => {
  const info = { mimeType: "image/png", width: 400, height: 400, complete: true };
  it("accepts a whole JPEG, PNG or WebP of 100 to 6000 pixels a side up to 5 MB", () => {
    expect(profileImageProblem(info, 1000)).toBeNull();
    expect(profileImageProblem({ ...info, mimeType: "image/webp", width: 100, height: 6000 }, 5 * 1024 * 1024)).toBeNull();
  });

  it("names what is wrong", () => {
    expect(profileImageProblem(null, 10)).toBe("image_type_invalid");
    expect(profileImageProblem({ ...info, mimeType: "image/gif" }, 10)).toBe("image_type_invalid");
    expect(profileImageProblem(info, 5 * 1024 * 1024 + 1)).toBe("image_too_large");
    expect(profileImageProblem({ ...info, complete: false }, 10)).toBe("image_incomplete");
    expect(profileImageProblem({ ...info, width: 99 }, 10)).toBe("image_too_small");
    expect(profileImageProblem({ ...info, height: 6001 }, 10)).toBe("image_too_big");
  });
});

describe("billing tags", () => {
  it("commission hosts who finished onboarding may switch; standard means no bidding tag", () => {
    expect(mayChooseBillingTag({ commercialModel: "commission", onboardingStatus: "finished" })).toBe(true);
    expect(mayChooseBillingTag({ commercialModel: "commission", onboardingStatus: "in_progress" })).toBe(false);
    expect(mayChooseBillingTag({ commercialModel: "subscription", onboardingStatus: "finished" })).toBe(false);
    expect(biddingTagOf("standard")).toBeNull();
    expect(biddingTagOf("hybrid_13")).toBe("hybrid_13");
    expect(currentBillingTag(null)).toBe("standard");
    expect(currentBillingTag("hybrid_3")).toBe("hybrid_3");
  });
});
