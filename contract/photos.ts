import { createRoute, z } from "@hono/zod-openapi";
import { PHOTO_CONSTRAINTS } from "@domain/property-configuration";
import { commonErrors, errorsListSchema, json, jsonBody, messageSchema, noContent, security } from "./http";

/** §3 Photo of a unit, and its file (§7 property-unit photos). */

const mimeType = z.string().openapi({ description: PHOTO_CONSTRAINTS.mimeTypes.join(", ") });

export const photoSchema = z
  .object({
    id: z.string(),
    /** The file's path in this API (GET /api/app/photos/{photoId}). */
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    mimeType,
    position: z.number().int(),
    isCover: z.boolean(),
  })
  .openapi("Photo");
export type Photo = z.infer<typeof photoSchema>;

const constraintsSchema = z
  .object({
    mimeTypes: z.array(mimeType),
    minWidth: z.number().int(),
    minHeight: z.number().int(),
    maxWidth: z.number().int(),
    maxHeight: z.number().int(),
    maxBytes: z.number().int(),
    maxPixels: z.number().int(),
    maxPhotosPerUnit: z.number().int(),
  })
  .openapi("PhotoConstraints");

const photoList = z.object({ items: z.array(photoSchema) });
const unitId = z.object({ id: z.string().openapi({ description: "The unit's public id (unt_…)" }) });
const unitAndPhoto = unitId.extend({ photoId: z.string().openapi({ description: "The photo's public id (pho_…)" }) });
const tags = ["Photos"];

/**
 * The upload's multipart form, as an OpenAPI schema rather than a zod one: with a zod schema the
 * library would parse and validate the form before the handler, and answer its own 415. The handler
 * reads the files itself and checks each by its bytes, naming a refused one by its place (`photos.2`).
 */
const uploadForm = {
  type: "object" as const,
  required: ["photos"],
  properties: {
    photos: {
      type: "array" as const,
      minItems: 1,
      maxItems: PHOTO_CONSTRAINTS.maxPhotosPerUnit,
      items: { type: "string" as const, format: "binary" },
      description: `One or more files, each a ${PHOTO_CONSTRAINTS.mimeTypes.join(", ")} of ${PHOTO_CONSTRAINTS.minWidth}×${PHOTO_CONSTRAINTS.minHeight} to ${PHOTO_CONSTRAINTS.maxWidth}×${PHOTO_CONSTRAINTS.maxHeight} pixels and at most ${PHOTO_CONSTRAINTS.maxBytes / 1024 / 1024} MB`,
    },
  },
};

const imageFile = { schema: { type: "string" as const, format: "binary" } };

export const photos = {
  list: createRoute({
    method: "get",
    path: "/api/app/property-unit/{id}/photos",
    tags,
    summary: "A unit's photos in order, and the constraints an upload must meet",
    security,
    request: { params: unitId },
    responses: { 200: json(photoList.extend({ constraints: constraintsSchema }), "The photos, cover first by position"), ...commonErrors },
  }),
  upload: createRoute({
    method: "post",
    path: "/api/app/property-unit/{id}/photos",
    tags,
    summary: "Add photos to a unit: every file is checked by its bytes, and none is stored unless all are acceptable",
    security,
    request: {
      params: unitId,
      body: { required: true, description: "A multipart form with the files as `photos`", content: { "multipart/form-data": { schema: uploadForm } } },
    },
    responses: {
      201: json(photoList, "The added photos; the unit's first photo becomes its cover"),
      ...commonErrors,
      400: json(z.union([errorsListSchema, messageSchema]), "No file, a refused file (field photos.N, the file's place in the form), or the unit's photo limit reached"),
      415: json(messageSchema, "The body is not multipart/form-data"),
    },
  }),
  reorder: createRoute({
    method: "put",
    path: "/api/app/property-unit/{id}/photos/order",
    tags,
    summary: "Put the unit's photos in a new order; every photo listed exactly once",
    security,
    request: { params: unitId, body: jsonBody(z.object({ photoIds: z.array(z.string().min(1)).min(1).max(PHOTO_CONSTRAINTS.maxPhotosPerUnit) }).strict()) },
    responses: { 200: json(photoList, "The photos in their new order"), ...commonErrors },
  }),
  setCover: createRoute({
    method: "patch",
    path: "/api/app/property-unit/{id}/photos/{photoId}",
    tags,
    summary: "Make a photo the unit's cover",
    security,
    request: { params: unitAndPhoto, body: jsonBody(z.object({ isCover: z.literal(true) }).strict()) },
    responses: { 200: json(photoSchema, "The cover photo"), ...commonErrors },
  }),
  remove: createRoute({
    method: "delete",
    path: "/api/app/property-unit/{id}/photos/{photoId}",
    tags,
    summary: "Delete a photo; the next one becomes the cover if it was",
    security,
    request: { params: unitAndPhoto },
    responses: { ...noContent, ...commonErrors },
  }),
  file: createRoute({
    method: "get",
    path: "/api/app/photos/{photoId}",
    tags,
    summary: "A photo's file, for its owner (the public sees a published unit's photos under /api/public/photos)",
    security,
    request: { params: z.object({ photoId: z.string().openapi({ description: "The photo's public id (pho_…)" }) }) },
    responses: {
      200: { description: "The image", content: { "image/jpeg": imageFile, "image/png": imageFile, "image/webp": imageFile } },
      ...commonErrors,
    },
  }),
};
