import type { RouterContextProvider } from "react-router";
import { configurationSchema } from "../../lib/api-types";
import { authContext } from "../../lib/auth.server";
import { HostApiError } from "../../lib/host-api.server";
import { getLocale } from "../../lib/i18n.server";

type Context = Readonly<RouterContextProvider>;

/** The reference data of §3 Configuration in the host's language. */
export function loadConfiguration(context: Context) {
  const { api } = context.get(authContext);
  return api("GET", "/api/app/properties-configuration", { query: { hl: getLocale(context) }, schema: configurationSchema });
}

/**
 * PATCHes a unit and answers `null`, or the API's refusal as error codes for the page. Errors the
 * host cannot fix (5xx) are thrown to the error page.
 */
export async function patchUnit(context: Context, unitId: string, body: Record<string, unknown>): Promise<string[] | null> {
  const { api } = context.get(authContext);
  try {
    await api("PATCH", `/api/app/property-unit/${encodeURIComponent(unitId)}`, { body });
    return null;
  } catch (error) {
    if (!(error instanceof HostApiError) || error.status >= 500) throw error;
    return error.all().map((e) => e.type);
  }
}

/** What the amenities form sent: each chosen amenity once. */
export function readAmenities(form: FormData): string[] {
  return [...new Set(form.getAll("amenities").map(String))];
}
