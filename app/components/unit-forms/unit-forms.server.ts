import type { RouterContextProvider } from "react-router";
import { authContext } from "~/lib/auth.server";
import { appContext } from "~/lib/context";
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
