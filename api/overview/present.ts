import { todayIn } from "@domain/dates";
import { monthOf as insightsMonthOf, occupancyRate } from "@domain/insights";
import { momentsOf, monthOf, type StayMoment } from "@domain/overview";
import { expiryState, leadsState, planById, publishCreditsState, remainingOf } from "@domain/subscription-plans";
import { tasksOf } from "@domain/tasks";
import { timeZoneOf } from "@domain/time-zones";
import type { Overview } from "@contract/home";
import type { Principal } from "@api/context";
import { occupancyMonths } from "@api/insights/figures";
import { listingIssuesOf, overviewWindow, type GuestProfileRow, type OverviewRows, type UnitFact } from "./queries";

type Stay = { publicId: string; firstName: string; lastName: string; guests: number; checkIn: string; checkOut: string; unitId: string; unitTitle: string };

const item = (kind: "booking" | "request" | "inquiry", s: Stay) => ({
  kind,
  publicId: s.publicId,
  guestName: `${s.firstName} ${s.lastName}`.trim(),
  guests: s.guests,
  checkIn: s.checkIn,
  checkOut: s.checkOut,
  unitId: s.unitId,
  unitTitle: s.unitTitle,
});

const MOMENT_LISTS: Record<StayMoment, keyof Pick<Overview, "checkInsToday" | "checkInsTomorrow" | "checkOutsToday" | "checkOutsTomorrow" | "stayingNow">> = {
  checkInToday: "checkInsToday",
  checkInTomorrow: "checkInsTomorrow",
  checkOutToday: "checkOutsToday",
  checkOutTomorrow: "checkOutsTomorrow",
  stayingNow: "stayingNow",
};

/** The overview (§2 Home) from its reads: each stay placed by its unit's today, the month by the host's. */
export function presentOverview(
  { user }: Principal,
  [stays, requests, inquiries, storedTasks, feeds, [subscription], [month], ...occupancy]: OverviewRows,
  units: readonly UnitFact[],
  profile: Pick<GuestProfileRow, "completedAt"> | undefined,
  interactions: readonly { interactionType: string; interacted: boolean }[],
  { bookingsAvailable, inquiriesAvailable, commissionApplicable }: { bookingsAvailable: boolean; inquiriesAvailable: boolean; commissionApplicable: boolean },
  now: Date,
): Overview {
  const timeZone = timeZoneOf(month?.firstCountry, month?.firstRegion);
  const today = todayIn(timeZone, now);
  const lists: Pick<Overview, "checkInsToday" | "checkInsTomorrow" | "checkOutsToday" | "checkOutsTomorrow" | "stayingNow"> = {
    checkInsToday: [],
    checkInsTomorrow: [],
    checkOutsToday: [],
    checkOutsTomorrow: [],
    stayingNow: [],
  };
  const todays = new Map<string, string>();
  for (const stay of stays) {
    const zone = timeZoneOf(stay.countryCode, stay.region);
    if (!todays.has(zone)) todays.set(zone, todayIn(zone, now));
    for (const moment of momentsOf({ checkIn: stay.checkIn, checkOut: stay.checkOut, today: todays.get(zone)! })) lists[MOMENT_LISTS[moment]].push(item("booking", stay));
  }

  // The month of the host's today is one of the two the reads measured (overviewWindow).
  const { from, to: monthTo } = monthOf(today);
  const measured = from === overviewWindow(now).a.from ? "a" : "b";
  const earnings = Number((measured === "a" ? month?.aPayout : month?.bPayout) ?? 0);
  // The month as the occupancy page counts it (decision 037's addendum): its booked nights over the units' nights for sale.
  const [nights] = occupancyMonths(occupancy, [insightsMonthOf(from)]);

  const plan = subscription ? planById(subscription.sub.planId) : null;
  const tasks = tasksOf(storedTasks, {
    tourSeen: interactions.some((i) => i.interactionType === "welcomeTour" && i.interacted),
    hasGuestProfile: Boolean(profile?.completedAt),
    hasActivePromotion: units.some((u) => u.hasActivePromotion),
    hasCalendarFeed: feeds.length > 0,
    bookingsAvailable,
    commissionApplicable,
    hasPublishedUnit: units.some((u) => u.state === "PUBLISHED"),
  });
  return {
    today,
    timeZone,
    ...lists,
    requests: bookingsAvailable ? requests.map((r) => ({ ...item("request", r), expirationTime: new Date(r.expiresAt).toISOString() })) : [],
    inquiries: inquiriesAvailable ? { count: Number(inquiries[0]?.total ?? 0), items: inquiries.map((i) => item("inquiry", i)) } : null,
    tasks,
    listingIssues: listingIssuesOf(units).slice(0, 10),
    subscription:
      subscription && plan && user.commercialModel !== "commission"
        ? {
            publicId: subscription.sub.publicId,
            expirationDate: subscription.sub.expiresAt.toISOString(),
            expiry: expiryState(subscription.sub.expiresAt, subscription.sub.periodUnit, now),
            leads: {
              remaining: plan.leadsQuota === null ? 0 : remainingOf(plan.leadsQuota, subscription.sub.leadsUsed),
              total: plan.leadsQuota,
              state: leadsState(plan.leadsQuota === null ? 0 : remainingOf(plan.leadsQuota, subscription.sub.leadsUsed), plan.leadsQuota),
            },
            unitPublish: {
              remaining: remainingOf(plan.unitPublish.quota, Number(subscription.unitsUsed)),
              quota: plan.unitPublish.quota,
              state: publishCreditsState(remainingOf(plan.unitPublish.quota, Number(subscription.unitsUsed))),
            },
          }
        : null,
    month: {
      from,
      to: monthTo,
      earnings: { amount: earnings, currency: user.currency },
      bookedNights: nights!.booked,
      occupancyPercent: occupancyRate(nights!.nights, nights!).rate,
    },
    unreadMessages: null,
  };
}
