import { useState, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "~/lib/i18n";
import { pointAt, TILE_SIZE } from "~/lib/map-tiles";
import { useHydrated } from "~/lib/use-hydrated";

interface Tile {
  url: string;
  x: number;
  y: number;
  zoom: number;
  offsetX: number;
  offsetY: number;
}

const KEY_STEP: Record<string, [number, number]> = { ArrowLeft: [-4, 0], ArrowRight: [4, 0], ArrowUp: [0, -4], ArrowDown: [0, 4] };

/**
 * The map tile with its pin. With JavaScript the pin can be dragged (or moved with the arrow keys)
 * and writes its coordinates into the form's fields; without, it shows where the coordinates are.
 */
export function MapPin({ tile, latitudeId, longitudeId }: { tile: Tile; latitudeId: string; longitudeId: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [at, setAt] = useState({ x: tile.offsetX, y: tile.offsetY });
  const [dragging, setDragging] = useState(false);

  function place(x: number, y: number) {
    const next = { x: Math.min(TILE_SIZE, Math.max(0, x)), y: Math.min(TILE_SIZE, Math.max(0, y)) };
    setAt(next);
    const point = pointAt(tile, next.x, next.y);
    for (const [id, value] of [[latitudeId, point.latitude], [longitudeId, point.longitude]] as const) {
      const input = document.getElementById(id) as HTMLInputElement | null;
      if (!input) continue;
      input.value = String(value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }

  function follow(event: PointerEvent<HTMLDivElement>) {
    if (!dragging) return;
    const box = event.currentTarget.getBoundingClientRect();
    // The tile may be drawn smaller than its 256 pixels on a phone.
    place(((event.clientX - box.left) / box.width) * TILE_SIZE, ((event.clientY - box.top) / box.height) * TILE_SIZE);
  }

  function nudge(event: KeyboardEvent<HTMLButtonElement>) {
    const step = KEY_STEP[event.key];
    if (!step) return;
    event.preventDefault();
    place(at.x + step[0], at.y + step[1]);
  }

  const position = { left: `${(at.x / TILE_SIZE) * 100}%`, top: `${(at.y / TILE_SIZE) * 100}%` };
  return (
    <div
      className="map-tile"
      onPointerMove={follow}
      onPointerUp={() => setDragging(false)}
      onPointerCancel={() => setDragging(false)}
    >
      <img src={tile.url} alt={t("listing:map.tileAlt")} width={TILE_SIZE} height={TILE_SIZE} draggable={false} />
      {hydrated ? (
        <button
          type="button"
          className="map-tile__pin"
          style={position}
          aria-label={t("listing:map.pin")}
          onPointerDown={(event) => {
            event.currentTarget.parentElement?.setPointerCapture(event.pointerId);
            setDragging(true);
          }}
          onKeyDown={nudge}
        />
      ) : (
        <span className="map-tile__pin" style={position} aria-hidden="true" />
      )}
    </div>
  );
}
