/**
 * `Intl.DisplayNames` per language tag and options, made once per isolate (decision 009): making one
 * loads the locale's data and costs far more than asking it for names, and a page asks for many.
 * The keys are bounded by the app's locales and the few option sets the app uses.
 */
const made = new Map<string, Intl.DisplayNames>();

export function displayNames(languageTag: string, options: Intl.DisplayNamesOptions): Intl.DisplayNames {
  const key = `${languageTag} ${options.type} ${options.style ?? ""} ${options.languageDisplay ?? ""} ${options.fallback ?? ""}`;
  let names = made.get(key);
  if (!names) {
    // A tag Intl does not take throws here, as `new Intl.DisplayNames` does, and is not kept.
    names = new Intl.DisplayNames([languageTag], options);
    made.set(key, names);
  }
  return names;
}
