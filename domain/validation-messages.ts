/**
 * A validation message is a code of `validation.*` (§5, domain/validation-codes.ts). One that names
 * values, such as the other discount a discount clashes with, carries them after the code as a query
 * (`discount_below_weekly?percent=15`): a form's error is one string from the server's answer to
 * the page, which translates it with the values filled in. No zod here: the browser reads these.
 */

export type MessageValues = Readonly<Record<string, string | number>>;

const CODE = /^([a-z0-9_]+)(?:\?(.*))?$/;

/** `code` with the values its text fills in. */
export function messageWithValues(code: string, values: MessageValues): string {
  const query = new URLSearchParams(Object.entries(values).map(([name, value]) => [name, String(value)]));
  return `${code}?${query}`;
}

/** A message's code and values; null for a text that is no code (shown as it came). Whole numbers come back as numbers, for plurals. */
export function readMessage(message: string): { code: string; values: Record<string, string | number> } | null {
  const match = CODE.exec(message);
  if (!match) return null;
  const values: Record<string, string | number> = {};
  for (const [name, value] of new URLSearchParams(match[2] ?? "")) values[name] = /^\d{1,15}$/.test(value) ? Number(value) : value;
  return { code: match[1]!, values };
}
