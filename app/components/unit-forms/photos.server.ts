import type { RouterContextProvider } from "react-router";
import { data } from "react-router";
import { z } from "zod";
import { photosSchema } from "~/lib/api-types";
import { authContext } from "~/lib/auth.server";
import { orNotFound, refusalOf } from "~/lib/host-api.server";
import { loadConfiguration } from "./unit-forms.server";

type Context = Readonly<RouterContextProvider>;

/** A unit's photos and the configured constraints: what the photo editor shows. */
export async function loadPhotoEditor(context: Context, unitId: string) {
  const { api } = context.get(authContext);
  const [photos, configuration] = await orNotFound(
    Promise.all([
      api("GET", `/api/app/property-unit/${encodeURIComponent(unitId)}/photos`, { schema: photosSchema }),
      loadConfiguration(context),
    ]),
  );
  return { photos: photos.items, constraints: configuration.propertyUnit.photosConstraints };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("upload") }),
  z.object({ intent: z.literal("cover"), photoId: z.string().min(1) }),
  z.object({ intent: z.literal("delete"), photoId: z.string().min(1) }),
  z.object({ intent: z.enum(["up", "down"]), photoId: z.string().min(1) }),
  // A drag and drop sends the whole new order.
  z.object({ intent: z.literal("order"), photoIds: z.array(z.string().min(1)).min(1) }),
]);

export type PhotoErrors = { file: string | null; type: string }[];

export function isPhotoIntent(form: FormData) {
  return ["upload", "cover", "delete", "up", "down", "order"].includes(String(form.get("intent")));
}

/**
 * Carries out what the photo editor's buttons ask: upload, cover, delete, move. Answers `null`
 * when done, or the refusals, each naming the file it is about.
 */
export async function applyPhotoIntent(context: Context, unitId: string, form: FormData): Promise<PhotoErrors | null> {
  const parsed = intentSchema.safeParse({ intent: form.get("intent"), photoId: form.get("photoId") ?? undefined, photoIds: form.getAll("photoId") });
  if (!parsed.success) throw data(null, { status: 400 });
  const { api } = context.get(authContext);
  const unitPath = `/api/app/property-unit/${encodeURIComponent(unitId)}/photos`;
  const intent = parsed.data;
  const files = form.getAll("photos").filter((file): file is File => file instanceof File && file.size > 0);
  try {
    if (intent.intent === "upload") {
      const upload = new FormData();
      for (const file of files) upload.append("photos", file, file.name);
      await api("POST", unitPath, { body: upload });
    }
    if (intent.intent === "cover") await api("PATCH", `${unitPath}/${encodeURIComponent(intent.photoId)}`, { body: { isCover: true } });
    if (intent.intent === "delete") await api("DELETE", `${unitPath}/${encodeURIComponent(intent.photoId)}`);
    if (intent.intent === "order") await api("PUT", `${unitPath}/order`, { body: { photoIds: intent.photoIds } });
    if (intent.intent === "up" || intent.intent === "down") {
      const { items } = await api("GET", unitPath, { schema: photosSchema });
      const ids = items.map((p) => p.id);
      const from = ids.indexOf(intent.photoId);
      const to = intent.intent === "up" ? from - 1 : from + 1;
      if (from >= 0 && to >= 0 && to < ids.length) {
        [ids[from], ids[to]] = [ids[to]!, ids[from]!];
        await api("PUT", `${unitPath}/order`, { body: { photoIds: ids } });
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
