import { and, asc, count, eq, inArray, type Placeholder } from "drizzle-orm";
import { photos as contract } from "@contract/photos";
import { PHOTO_CONSTRAINTS } from "@domain/property-configuration";
import type { ApiEnv } from "@api/context";
import { owned, ownPhoto, ownUnit, ownUnitWith } from "@api/lib/ownership";
import { cachedStatement } from "@api/db/cached-statement";
import { unitPhotos } from "@api/db/schema";
import { ApiError, notFound, validationFailed } from "@api/lib/errors";
import { newPublicId } from "@api/lib/ids";
import { imageInfo } from "@api/lib/image-info";
import { contractRouter } from "@api/lib/openapi";
import { ownedUnitId, photoUrl } from "@api/properties/queries";

type PhotoRow = typeof unitPhotos.$inferSelect;

export function presentPhoto(photo: PhotoRow) {
  return { id: photo.publicId, url: photoUrl(photo.publicId), width: photo.width, height: photo.height, mimeType: photo.mimeType, position: photo.position, isCover: photo.isCover };
}

function randomKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `photos/${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Why a file is refused, checked against the configured constraints by its real bytes. */
function refusal(file: File, bytes: Uint8Array, ordinal: number) {
  const field = `photos.${ordinal}`;
  if (bytes.byteLength > PHOTO_CONSTRAINTS.maxBytes) return { field, message: `${file.name} is larger than ${PHOTO_CONSTRAINTS.maxBytes / 1024 / 1024} MB`, type: "photo_too_large" };
  const info = imageInfo(bytes);
  if (!info || !(PHOTO_CONSTRAINTS.mimeTypes as readonly string[]).includes(info.mimeType)) {
    return { field, message: `${file.name} is not a JPEG, PNG or WebP image`, type: "photo_type_invalid" };
  }
  if (!info.complete) return { field, message: `${file.name} is damaged or incomplete`, type: "photo_incomplete" };
  if (info.width < PHOTO_CONSTRAINTS.minWidth || info.height < PHOTO_CONSTRAINTS.minHeight) {
    return { field, message: `${file.name} is ${info.width}×${info.height}; photos need at least ${PHOTO_CONSTRAINTS.minWidth}×${PHOTO_CONSTRAINTS.minHeight}`, type: "photo_too_small" };
  }
  if (info.width > PHOTO_CONSTRAINTS.maxWidth || info.height > PHOTO_CONSTRAINTS.maxHeight) {
    return { field, message: `${file.name} is ${info.width}×${info.height}; photos may be at most ${PHOTO_CONSTRAINTS.maxWidth}×${PHOTO_CONSTRAINTS.maxHeight}`, type: "photo_too_big" };
  }
  // Decoded, a photo takes 4 bytes per pixel: the cap keeps what browsers and resizers unpack bounded.
  if (info.width * info.height > PHOTO_CONSTRAINTS.maxPixels) {
    return { field, message: `${file.name} has ${info.width}×${info.height} pixels; photos may have at most ${PHOTO_CONSTRAINTS.maxPixels / 1_000_000} megapixels`, type: "photo_too_many_pixels" };
  }
  return null;
}

const photoLimit = () => validationFailed([{ field: "photos", message: `A unit has at most ${PHOTO_CONSTRAINTS.maxPhotosPerUnit} photos`, type: "photo_limit" }]);

/** A unit's photos in their order (of `owner`, a host's unit), read by every unit page: the SQL is built once per isolate (decision 024). */
export const unitPhotoRows = cachedStatement((db, $: (name: "hostUserId" | "unitId") => Placeholder) =>
  db.select().from(unitPhotos).where(inArray(unitPhotos.unitId, ownedUnitId(db, $("hostUserId"), $("unitId")))).orderBy(asc(unitPhotos.position)).limit(PHOTO_CONSTRAINTS.maxPhotosPerUnit),
);

export const photoRoutes = contractRouter<ApiEnv>()
  // The unit's ownership row and its photos in one D1 round trip.
  .openapi(owned(contract.list, ownUnitWith((db, _unitId, _request, owner) => [unitPhotoRows(db, owner)] as const)), async (c) => {
    const [rows] = c.var.reads;
    return c.json({ items: rows.map(presentPhoto), constraints: { ...PHOTO_CONSTRAINTS, mimeTypes: [...PHOTO_CONSTRAINTS.mimeTypes] } }, 200);
  })
  // The form is read here, not by the library: see the upload's declaration.
  .openapi(owned(contract.upload, ownUnit()), async (c) => {
    const db = c.var.db;
    const hostUserId = c.var.principal.user.id;
    const { unit } = c.var;
    if (!(c.req.header("content-type") ?? "").includes("multipart/form-data")) throw new ApiError(415, "Expected multipart/form-data with one or more `photos` files");
    const form = await c.req.formData();
    const files = form.getAll("photos").filter((f): f is File => f instanceof File && f.size > 0);
    if (!files.length) throw validationFailed([{ field: "photos", message: "Choose at least one photo", type: "required" }]);
    const [existing] = await db.select({ n: count() }).from(unitPhotos).where(eq(unitPhotos.unitId, unit.id));
    const already = existing?.n ?? 0;
    if (already + files.length > PHOTO_CONSTRAINTS.maxPhotosPerUnit) throw photoLimit();
    const checked = await Promise.all(files.map(async (file, i) => ({ file, bytes: new Uint8Array(await file.arrayBuffer()), i })));
    const refusals = checked.map(({ file, bytes, i }) => refusal(file, bytes, i)).filter((r) => r !== null);
    // Nothing is stored unless every file is acceptable.
    if (refusals.length) throw validationFailed(refusals);
    const stored: { publicId: string; key: string; info: NonNullable<ReturnType<typeof imageInfo>>; bytes: number }[] = [];
    try {
      for (const { bytes } of checked) {
        const info = imageInfo(bytes)!;
        const key = randomKey();
        await c.env.FILES.put(key, bytes, { httpMetadata: { contentType: info.mimeType } });
        stored.push({ publicId: newPublicId("pho"), key, info, bytes: bytes.byteLength });
      }
      // The count above is a quick answer; the limit itself holds here, where concurrent uploads
      // meet. One transaction inserts every photo of this upload or none: each row goes in only
      // while the unit's other photos leave room for the whole upload, and takes the next position.
      const ids = stored.map((s) => s.publicId);
      const uploadIds = ids.map((_, i) => `?${10 + i}`).join(", ");
      const insert = c.env.DB.prepare(
        `INSERT INTO unit_photos (public_id, unit_id, host_user_id, storage_key, mime_type, width, height, bytes, position, is_cover)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8,
           (SELECT coalesce(max(position), -1) + 1 FROM unit_photos WHERE unit_id = ?2),
           NOT EXISTS (SELECT 1 FROM unit_photos WHERE unit_id = ?2)
         WHERE (SELECT count(*) FROM unit_photos WHERE unit_id = ?2 AND public_id NOT IN (${uploadIds})) <= ?9`,
      );
      const room = PHOTO_CONSTRAINTS.maxPhotosPerUnit - stored.length;
      await c.env.DB.batch(stored.map((s) => insert.bind(s.publicId, unit.id, hostUserId, s.key, s.info.mimeType, s.info.width, s.info.height, s.bytes, room, ...ids)));
      const rows = await db.select().from(unitPhotos).where(inArray(unitPhotos.publicId, ids)).orderBy(asc(unitPhotos.position));
      if (rows.length !== stored.length) throw photoLimit();
      return c.json({ items: rows.map(presentPhoto) }, 201);
    } catch (error) {
      await c.env.FILES.delete(stored.map((s) => s.key));
      throw error;
    }
  })
  .openapi(owned(contract.reorder, ownUnit()), async (c) => {
    const { photoIds } = c.req.valid("json");
    const db = c.var.db;
    const { unit } = c.var;
    const rows = await db.select({ id: unitPhotos.id, publicId: unitPhotos.publicId }).from(unitPhotos).where(eq(unitPhotos.unitId, unit.id));
    const byPublicId = new Map(rows.map((r) => [r.publicId, r.id]));
    if (photoIds.length !== rows.length || new Set(photoIds).size !== rows.length || photoIds.some((id) => !byPublicId.has(id))) {
      throw validationFailed([{ field: "photoIds", message: "List every photo of the unit exactly once", type: "photo_order_invalid" }]);
    }
    const [first, ...rest] = photoIds.map((id, position) => db.update(unitPhotos).set({ position }).where(eq(unitPhotos.id, byPublicId.get(id)!)));
    await db.batch([first!, ...rest]);
    const ordered = await db.select().from(unitPhotos).where(eq(unitPhotos.unitId, unit.id)).orderBy(asc(unitPhotos.position));
    return c.json({ items: ordered.map(presentPhoto) }, 200);
  })
  .openapi(owned(contract.setCover, [ownUnit(), ownPhoto()]), async (c) => {
    const db = c.var.db;
    const { unit } = c.var;
    const { photo } = c.var;
    if (photo.unitId !== unit.id) throw notFound("Photo");
    await db.batch([
      db.update(unitPhotos).set({ isCover: false }).where(eq(unitPhotos.unitId, unit.id)),
      db.update(unitPhotos).set({ isCover: true }).where(eq(unitPhotos.id, photo.id)),
    ]);
    return c.json(presentPhoto({ ...photo, isCover: true }), 200);
  })
  .openapi(owned(contract.remove, [ownUnit(), ownPhoto()]), async (c) => {
    const db = c.var.db;
    const { unit } = c.var;
    const { photo } = c.var;
    if (photo.unitId !== unit.id) throw notFound("Photo");
    const remaining = await db.select({ id: unitPhotos.id }).from(unitPhotos).where(and(eq(unitPhotos.unitId, unit.id))).orderBy(asc(unitPhotos.position));
    const next = remaining.find((r) => r.id !== photo.id);
    await db.batch([
      db.delete(unitPhotos).where(eq(unitPhotos.id, photo.id)),
      ...(photo.isCover && next ? [db.update(unitPhotos).set({ isCover: true }).where(eq(unitPhotos.id, next.id))] : []),
    ]);
    await c.env.FILES.delete(photo.storageKey);
    return c.body(null, 204);
  })
  .openapi(owned(contract.file, ownPhoto()), async (c) => {
    const { photo } = c.var;
    const object = await c.env.FILES.get(photo.storageKey);
    if (!object) throw notFound("Photo");
    return new Response(object.body, {
      headers: { "content-type": photo.mimeType, "cache-control": "private, max-age=3600", "content-length": String(photo.bytes) },
    });
  });
