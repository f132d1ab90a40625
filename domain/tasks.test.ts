import { describe, expect, it } from "vitest";
import { openTasks, tasksOf, type TaskFacts } from "./tasks";

const facts: TaskFacts = { tourSeen: false, hasGuestProfile: false, hasActivePromotion: false, hasCalendarFeed: false, bookingsAvailable: true, commissionApplicable: true, hasPublishedUnit: true };

describe("the host's tasks", () => {
  it("starts every task that applies as not started", () => {
    expect(tasksOf([], facts).map((t) => `${t.taskType}:${t.status}`)).toEqual(["welcomeTour:not_started", "describeIdealGuest:not_started", "activatePromotion:not_started", "syncCalendar:not_started"]);
    expect(tasksOf([], { ...facts, bookingsAvailable: false, hasPublishedUnit: false }).map((t) => t.taskType)).toEqual(["welcomeTour", "describeIdealGuest"]);
    // A host on a subscription has no promotions, whatever the bookings flag says.
    expect(tasksOf([], { ...facts, commissionApplicable: false }).map((t) => t.taskType)).toEqual(["welcomeTour", "describeIdealGuest", "syncCalendar"]);
  });

  it("counts work already there as done, keeps hidden hidden and lists only open tasks", () => {
    const tasks = tasksOf(
      [
        { taskType: "welcomeTour", status: "in_progress" },
        { taskType: "syncCalendar", status: "hidden" },
      ],
      { ...facts, hasGuestProfile: true, hasCalendarFeed: true },
    );
    expect(tasks.map((t) => `${t.taskType}:${t.status}`)).toEqual(["welcomeTour:in_progress", "describeIdealGuest:done", "activatePromotion:not_started", "syncCalendar:hidden"]);
    expect(openTasks(tasks).map((t) => t.taskType)).toEqual(["welcomeTour", "activatePromotion"]);
  });
});
