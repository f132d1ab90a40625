import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { ignoreSupersededNavigations } from "./lib/superseded-navigation";
import { rememberTimeZone } from "./lib/time-zone";

ignoreSupersededNavigations(window);
rememberTimeZone(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
