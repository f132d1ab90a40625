/**
 * Texts a formatter wrote, kept per formatter and value: a calendar writes the same days and prices
 * on every page and for every row, and formatting costs far more than finding the text again.
 * Formatters are kept per language by their grid, so the keys are few; each formatter's texts are
 * bounded (a full set starts again).
 */
export function keptTexts<F extends object, V>(max: number) {
  const texts = new WeakMap<F, Map<V, string>>();
  return (format: F, value: V, write: () => string): string => {
    let written = texts.get(format);
    if (!written) texts.set(format, (written = new Map()));
    let text = written.get(value);
    if (text === undefined) {
      if (written.size >= max) written.clear();
      written.set(value, (text = write()));
    }
    return text;
  };
}
