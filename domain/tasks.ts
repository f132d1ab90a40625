/**
 * The host's tasks (§3 Task): things worth doing once, shown on the overview until done or hidden.
 * A task's stored status is the host's (or the flow that did it); a task whose work is already
 * there counts as done whatever was stored.
 */

export const TASK_TYPES = ["welcomeTour", "describeIdealGuest", "activatePromotion", "syncCalendar"] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const TASK_STATUSES = ["not_started", "in_progress", "done", "hidden"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export interface TaskFacts {
  tourSeen: boolean;
  hasGuestProfile: boolean;
  hasActivePromotion: boolean;
  hasCalendarFeed: boolean;
  bookingsAvailable: boolean;
  /** Promotions are discounts on bookings: they apply where guests book, a commission (or hybrid) host's with bookings available (showsPromotions). */
  commissionApplicable: boolean;
  hasPublishedUnit: boolean;
}

export interface Task {
  taskType: TaskType;
  status: TaskStatus;
}

function applies(type: TaskType, facts: TaskFacts): boolean {
  if (type === "activatePromotion") return facts.commissionApplicable && facts.bookingsAvailable && facts.hasPublishedUnit;
  if (type === "syncCalendar") return facts.hasPublishedUnit;
  return true;
}

function doneByFacts(type: TaskType, facts: TaskFacts): boolean {
  switch (type) {
    case "welcomeTour":
      return facts.tourSeen;
    case "describeIdealGuest":
      return facts.hasGuestProfile;
    case "activatePromotion":
      return facts.hasActivePromotion;
    case "syncCalendar":
      return facts.hasCalendarFeed;
  }
}

/** Every task that applies to the host, with its status (hidden stays hidden; work already there is done). */
export function tasksOf(stored: readonly { taskType: string; status: string }[], facts: TaskFacts): Task[] {
  const byType = new Map(stored.map((t) => [t.taskType, t.status as TaskStatus]));
  return TASK_TYPES.filter((type) => applies(type, facts)).map((taskType) => {
    const status = byType.get(taskType) ?? "not_started";
    return { taskType, status: status === "hidden" ? "hidden" : doneByFacts(taskType, facts) ? "done" : status };
  });
}

/** What the overview lists: the tasks still open. */
export function openTasks(tasks: readonly Task[]): Task[] {
  return tasks.filter((t) => t.status === "not_started" || t.status === "in_progress");
}
