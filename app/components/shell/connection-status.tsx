import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n";

/** After this long, a tab that becomes visible again reloads to pick up a new release (§4). */
export const RELOAD_AFTER_MS = 43_200_000;

/** Shows when the browser is offline, and reloads a long-idle tab when it comes back (§4). */
export function ConnectionStatus() {
  const { t } = useTranslation();
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const loadedAt = Date.now();
    const update = () => setOnline(navigator.onLine);
    const onVisible = () => {
      if (document.visibilityState === "visible" && Date.now() - loadedAt > RELOAD_AFTER_MS) window.location.reload();
    };
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
  return (
    <div role="status" aria-live="polite" className={online ? "visually-hidden" : "offline-banner"}>
      {online ? "" : t("network.offline")}
    </div>
  );
}
