import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// Form schemas answer translated codes (domain/validation-codes.ts). Loaded apart, so that zod is
// not part of every page's first load: it is the same module the form routes use.
void import("@domain/validation-codes").then((codes) => codes.answerZodIssuesWithCodes());

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
