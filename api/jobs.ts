import { database, type Database } from "./db/client";
import { completeStays, expireRequests } from "./bookings/services";
import { syncDueFeeds } from "./ical/scheduled";
import { applyScheduledPlanChanges, expireSubscriptions } from "./subscriptions/services";
import { expireVerifications } from "./onboarding/staff-review";
import { pushSystemMessages } from "./live/system-push";

/**
 * The jobs the cron trigger runs (wrangler.jsonc `triggers.crons`), each idempotent: a run that is
 * repeated, late or overlapping another changes nothing twice. Each is given the scheduled time as
 * "now" (and the Worker's configuration).
 */
export const SCHEDULED_JOBS: readonly ((db: Database, now: Date, env: Env) => Promise<unknown>)[] = [applyScheduledPlanChanges, expireSubscriptions, expireVerifications, syncDueFeeds, expireRequests, completeStays];

/**
 * The Worker's `scheduled` handler: runs every job, one failing does not stop the others, and the
 * run fails (so that the platform reports it) when any job failed.
 */
export async function runScheduledJobs(controller: ScheduledController, env: Env): Promise<void> {
  const db = database(env.DB);
  const now = new Date(controller.scheduledTime);
  const results = await Promise.allSettled(SCHEDULED_JOBS.map((job) => job(db, now, env)));
  // The system messages the jobs wrote (an expired request's) reach the conversations' open sockets.
  await pushSystemMessages(env, db);
  const failures = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
  if (failures.length) throw new AggregateError(failures, `${failures.length} scheduled job(s) failed`);
}
