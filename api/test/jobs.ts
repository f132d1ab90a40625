import { env } from "cloudflare:test";
import { runScheduledJobs } from "@api/jobs";

/** Runs the cron's jobs as the platform would at `at`. */
export function runScheduledJobsAt(at: Date): Promise<void> {
  return runScheduledJobs({ scheduledTime: at.getTime(), cron: "*/15 * * * *", noRetry: () => undefined } as ScheduledController, env as unknown as Env);
}
