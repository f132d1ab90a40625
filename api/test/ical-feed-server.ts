import type { TestProject } from "vitest/node";
import { startFeedServer } from "@scripts/ical-feed-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The calendar server of the iCal tests (scripts/ical-feed-server.ts). */
    icalFeedServer: string;
  }
}

/** Global setup of the API tests: the calendar server the iCal sync reads in tests, on this machine. */
export default async function setup(project: TestProject) {
  const server = await startFeedServer();
  project.provide("icalFeedServer", server.url);
  return () => server.close();
}
