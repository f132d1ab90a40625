import { calendar } from "./calendar";
import { calendarVerification } from "./calendar-verification";
import type { Endpoint } from "./http";
import { bookingRequests } from "./booking-requests";
import { onboarding } from "./onboarding";
import { photos } from "./photos";
import { pricing } from "./pricing";
import { properties } from "./properties";
import { shell } from "./shell";
import { staff } from "./staff";
import { subscriptions } from "./subscriptions";
import { units } from "./units";
import { user } from "./user";

/**
 * The host API's contract: every endpoint declared once (method, path, parameters, body, responses).
 * The API registers its handlers from these declarations; the web calls them through the typed client
 * (app/lib/host-api.server.ts); /api/openapi.json is generated from them.
 */
export const hostApi = { properties, units, user, shell, bookingRequests, staff, subscriptions, onboarding, pricing, calendar, photos, calendarVerification };

/** Every declared endpoint, for tests that check answers against their declaration. */
export const allEndpoints: Endpoint[] = Object.values(hostApi).flatMap((resource) => Object.values(resource));
