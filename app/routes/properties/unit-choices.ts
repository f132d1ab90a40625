import { foldName } from "@domain/city-names";

interface ChoiceUnit {
  id: string;
  title: string;
}

/**
 * The units of a property found by a search: those whose own title matches, or all of them when
 * only the property itself matched (its title or city). Accents and case aside.
 */
export function unitsMatching<T extends ChoiceUnit>(units: T[], search: string): T[] {
  const wanted = foldName(search.trim());
  if (!wanted) return units;
  const matching = units.filter((unit) => foldName(unit.title).includes(wanted));
  return matching.length ? matching : units;
}
