import type { PropertiesConfiguration } from "@contract/properties";

/** Amenities grouped as the configuration groups them, general first (§3 Configuration). */
export function AmenityFields({ groups, chosen }: { groups: PropertiesConfiguration["propertyUnit"]["amenities"]; chosen: ReadonlySet<string> }) {
  return (
    <div className="cards">
      {groups.map((group) => (
        <fieldset key={group.id} className="card field">
          <legend>{group.label}</legend>
          {group.amenities.map((amenity) => (
            <label key={amenity.id} className="choice">
              <input type="checkbox" name="amenities" value={amenity.id} defaultChecked={chosen.has(amenity.id)} />
              {amenity.label}
            </label>
          ))}
        </fieldset>
      ))}
    </div>
  );
}
