import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { hostApi } from "@contract/index";
import { authContext } from "~/lib/auth.server";
import { HostApiError, refusalOf } from "~/lib/host-api.server";
import { loadConfiguration } from "./unit-forms.server";

type Context = Readonly<RouterContextProvider>;

/** A unit's photos and the configured constraints: what the photo editor shows. */
export async function loadPhotoEditor(context: Context, unitId: string) {
  // The photos come with the shell's call on the unit's pages (decision 024).
  const [photos, configuration] = await Promise.all([context.get(authContext).unitPhotos(unitId), loadConfiguration(context)]);
  // What the editor shows of each photo.
  return { photos: photos.map(({ id, url, isCover }) => ({ id, url, isCover })), constraints: configuration.propertyUnit.photosConstraints };
}

/** What the photo editor's buttons send; parse it with conform's `parseWithZod` (files included). */
export const photoIntentSchema = z.discriminatedUnion("intent", [
  // An upload without a file reaches the API, which says that a photo is needed.
  z.object({ intent: z.literal("upload"), photos: z.array(z.instanceof(File)).default([]) }),
  z.object({ intent: z.literal("cover"), photoId: z.string().min(1) }),
  // Delete asks first (the answer is the question, by the photo it is about); Yes, delete confirms.
  z.object({ intent: z.literal("delete"), photoId: z.string().min(1) }),
  z.object({ intent: z.literal("confirmDelete"), photoId: z.string().min(1) }),
  z.object({ intent: z.enum(["up", "down"]), photoId: z.string().min(1) }),
  // A drag and drop sends the whole new order.
  z.object({ intent: z.literal("order"), photoId: z.array(z.string().min(1)).min(1) }),
]);
export type PhotoIntent = z.output<typeof photoIntentSchema>;

export type PhotoErrors = { file: string | null; type: string }[];

export function isPhotoIntent(form: FormData) {
  return ["upload", "cover", "delete", "confirmDelete", "up", "down", "order"].includes(String(form.get("intent")));
}

/**
 * The photo editor's answer to Delete: the question, by the photo it is about, in place of the
 * button; nothing is deleted until Yes, delete (`confirmDelete`). `null` for the other buttons.
 */
export function photoDeleteQuestion(intent: PhotoIntent) {
  return intent.intent === "delete" ? { confirming: intent.photoId } : null;
}

/**
 * Carries out what the photo editor's buttons ask: upload, cover, delete (once confirmed), move.
 * Answers `null` when done, or the refusals, each naming the file it is about.
 */
export async function applyPhotoIntent(context: Context, unitId: string, intent: PhotoIntent): Promise<PhotoErrors | null> {
  const { call } = context.get(authContext);
  const unit = { id: unitId };
  const files = intent.intent === "upload" ? intent.photos.filter((file) => file.size > 0) : [];
  try {
    if (intent.intent === "upload") {
      const upload = new FormData();
      for (const file of files) upload.append("photos", file, file.name);
      await call(hostApi.photos.upload, { params: unit, body: upload });
    }
    if (intent.intent === "cover") await call(hostApi.photos.setCover, { params: { ...unit, photoId: intent.photoId }, body: { isCover: true } });
    if (intent.intent === "confirmDelete") {
      try {
        await call(hostApi.photos.remove, { params: { ...unit, photoId: intent.photoId } });
      } catch (error) {
        // Deleted meanwhile (another tab): what the host asked for is done.
        if (!(error instanceof HostApiError && error.status === 404)) throw error;
      }
    }
    if (intent.intent === "order") await call(hostApi.photos.reorder, { params: unit, body: { photoIds: intent.photoId } });
    if (intent.intent === "up" || intent.intent === "down") {
      const { items } = await call(hostApi.photos.list, { params: unit });
      const ids = items.map((p) => p.id);
      const from = ids.indexOf(intent.photoId);
      const to = intent.intent === "up" ? from - 1 : from + 1;
      if (from >= 0 && to >= 0 && to < ids.length) {
        [ids[from], ids[to]] = [ids[to]!, ids[from]!];
        await call(hostApi.photos.reorder, { params: unit, body: { photoIds: ids } });
      }
    }
    return null;
  } catch (error) {
    const refusal = refusalOf(error);
    // The API names a refused file by its place in the upload (`photos.2`); the page names it by its file name.
    return [
      ...refusal.formErrors.map((e) => ({ file: null, type: e.type })),
      ...Object.entries(refusal.fieldErrors).flatMap(([field, list]) => list.map((e) => ({ file: files[Number(field.split(".")[1])]?.name ?? null, type: e.type }))),
    ];
  }
}
