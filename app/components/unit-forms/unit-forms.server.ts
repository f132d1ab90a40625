import type { RouterContextProvider } from "react-router";
import { authContext } from "~/lib/auth.server";
import { appContext } from "~/lib/context";
import { refusalOf } from "~/lib/host-api.server";
import { getLocale } from "~/lib/i18n.server";
import { isolateCache } from "@shared/isolate-cache";
import { hostApi } from "@contract/index";
import type { PropertiesConfiguration } from "@contract/properties";

type Context = Readonly<RouterContextProvider>;

// The API lets this be kept for five minutes (Cache-Control: private, max-age=300); it is the same
// for every host and changes only with a deploy.
const configurationCache = isolateCache<PropertiesConfiguration>(300_000);

/** The reference data of §3 Configuration in the host's language. */
export function loadConfiguration(context: Context): Promise<PropertiesConfiguration> {
  const { call } = context.get(authContext);
  const { ctx } = context.get(appContext);
  const locale = getLocale(context);
  return configurationCache(
    locale,
    () => call(hostApi.properties.configuration, { query: { hl: locale } }),
    ctx,
  );
}

/**
 * PATCHes a unit and answers `null`, or the API's refusal as error codes for the page. Errors the
 * host cannot fix (5xx) are thrown to the error page.
 */
export async function patchUnit(context: Context, unitId: string, body: Record<string, unknown>): Promise<string[] | null> {
  const { call } = context.get(authContext);
  try {
    await call(hostApi.units.update, { params: { id: unitId }, body });
    return null;
  } catch (error) {
    const refusal = refusalOf(error);
    return refusal.all().map((e) => e.type);
  }
}

/** What the amenities form sent: each chosen amenity once. */
export function readAmenities(form: FormData): string[] {
  return [...new Set(form.getAll("amenities").map(String))];
}
