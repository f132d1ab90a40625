import { useTranslation } from "~/lib/i18n";
import type { PropertiesConfiguration } from "@contract/properties";

export interface DraftRoom {
  type: string;
  beds: Record<string, number>;
}

export const MAX_ROOMS = 50;
export const MAX_BEDS = 10;

export function draftOf(rooms: readonly { type: string; beds: readonly { type: string; count: number }[] }[]): DraftRoom[] {
  return rooms.map((r) => ({ type: r.type, beds: Object.fromEntries(r.beds.map((b) => [b.type, b.count])) }));
}

/**
 * Rooms with their beds (§3 Rooms). Adding and removing a room are submit buttons that only change
 * the draft the page shows, so the editor works without JavaScript; `bedsOnly` shows the sleeping
 * rooms' beds without changing the rooms (the wizard's beds step).
 */
export function RoomFields({ draft, options, bedsOnly = false }: { draft: DraftRoom[]; options: PropertiesConfiguration["propertyUnit"]["rooms"]; bedsOnly?: boolean }) {
  const { t } = useTranslation();
  const sleeping = new Set(options.sleepingTypes.map((s) => s.id));
  const typeLabel = new Map(options.types.map((o) => [o.id, o.label]));
  // The beds step names a room by its type, numbered among the rooms of that type ("Bedroom 2", "Living room" when it is the only one).
  const ofType = (type: string) => draft.filter((r) => r.type === type).length;
  const numberInType = (index: number) => draft.slice(0, index + 1).filter((r) => r.type === draft[index]!.type).length;
  const typedName = (room: DraftRoom, index: number) => {
    const name = typeLabel.get(room.type) ?? room.type;
    return ofType(room.type) === 1 ? name : `${name} ${numberInType(index)}`;
  };
  return (
    <>
      {draft.length === 0 ? <p>{t("properties:rooms.none")}</p> : null}
      {draft.map((room, index) => {
        if (bedsOnly && !sleeping.has(room.type)) {
          return <input key={index} type="hidden" name={`rooms.${index}.type`} value={room.type} />;
        }
        return (
          <fieldset key={index} className="card stack">
            <legend>{bedsOnly ? typedName(room, index) : t("properties:rooms.room", { number: index + 1 })}</legend>
            {bedsOnly ? (
              <input type="hidden" name={`rooms.${index}.type`} value={room.type} />
            ) : (
              <div className="field">
                <label htmlFor={`room-${index}-type`}>{t("properties:rooms.type")}</label>
                <select id={`room-${index}-type`} name={`rooms.${index}.type`} defaultValue={room.type}>
                  {options.types.map((type) => (
                    <option key={type.id} value={type.id}>
                      {type.label}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {sleeping.has(room.type) ? (
              <div className="form-columns">
                {options.bedTypes.map((bed) => (
                  <div className="field" key={bed.id}>
                    <label htmlFor={`room-${index}-bed-${bed.id}`}>{bed.label}</label>
                    <input id={`room-${index}-bed-${bed.id}`} type="number" min={0} max={MAX_BEDS} step={1} name={`rooms.${index}.beds.${bed.id}`} defaultValue={room.beds[bed.id] ?? 0} />
                  </div>
                ))}
              </div>
            ) : null}
            {bedsOnly ? null : (
              <button type="submit" name="intent" value={`remove:${index}`} className="button button--small">
                {t("properties:rooms.remove", { number: index + 1 })}
              </button>
            )}
          </fieldset>
        );
      })}
    </>
  );
}
