import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/photos";
import { configurationSchema, photosSchema } from "../../lib/api-types";
import { authContext } from "../../lib/auth.server";
import { HostApiError, orNotFound } from "../../lib/host-api.server";
import { getLocale, serverT } from "../../lib/i18n.server";
import { photoSrc } from "../../lib/media";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = context.get(authContext);
  const [photos, configuration] = await orNotFound(Promise.all([
    api("GET", `/api/app/property-unit/${encodeURIComponent(params.unitId)}/photos`, { schema: photosSchema }),
    api("GET", "/api/app/properties-configuration", { query: { hl: getLocale(context) }, schema: configurationSchema }),
  ]));
  return { title: serverT(context)("properties:unit.section.photos"), photos: photos.items, constraints: configuration.propertyUnit.photosConstraints };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("upload") }),
  z.object({ intent: z.literal("cover"), photoId: z.string().min(1) }),
  z.object({ intent: z.literal("delete"), photoId: z.string().min(1) }),
  z.object({ intent: z.enum(["up", "down"]), photoId: z.string().min(1) }),
]);

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = intentSchema.safeParse({ intent: form.get("intent"), photoId: form.get("photoId") ?? undefined });
  if (!parsed.success) throw data(null, { status: 400 });
  const { api } = context.get(authContext);
  const unitPath = `/api/app/property-unit/${encodeURIComponent(params.unitId)}/photos`;
  const back = redirect(`/properties/${params.propertyId}/units/${params.unitId}/photos`);
  const intent = parsed.data;
  const files = form.getAll("photos").filter((file): file is File => file instanceof File && file.size > 0);
  try {
    if (intent.intent === "upload") {
      const upload = new FormData();
      for (const file of files) upload.append("photos", file, file.name);
      await api("POST", unitPath, { body: upload });
      return back;
    }
    if (intent.intent === "cover") await api("PATCH", `${unitPath}/${encodeURIComponent(intent.photoId)}`, { body: { isCover: true } });
    if (intent.intent === "delete") await api("DELETE", `${unitPath}/${encodeURIComponent(intent.photoId)}`);
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
    return back;
  } catch (error) {
    if (!(error instanceof HostApiError) || error.status >= 500) throw error;
    // The API names a refused file by its place in the upload (`photos.2`); the page names it by its file name.
    const errors = [
      ...error.formErrors.map((e) => ({ file: null, type: e.type })),
      ...Object.entries(error.fieldErrors).flatMap(([field, list]) => list.map((e) => ({ file: files[Number(field.split(".")[1])]?.name ?? null, type: e.type }))),
    ];
    return data({ errors }, { status: 400 });
  }
}

export default function Photos({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { photos, constraints } = loaderData;
  const busy = navigation.state === "submitting";
  return (
    <section className="stack" aria-labelledby="photos-title">
      <h2 id="photos-title">{t("properties:unit.section.photos")}</h2>
      <Form method="post" encType="multipart/form-data" className="card stack">
        {actionData?.errors.length ? (
          <div id="photo-errors" className="form-errors" role="alert">
            {actionData.errors.map((e, i) => (
              <p key={i}>
                {e.file ? `${e.file}: ` : null}
                {t(`properties:photos.errors.${e.type}`, {
                  defaultValue: t("commons.errorOccuredPleaseTryAgain"),
                  width: constraints.minWidth,
                  height: constraints.minHeight,
                  maxWidth: constraints.maxWidth,
                  maxHeight: constraints.maxHeight,
                  megabytes: Math.round(constraints.maxBytes / 1024 / 1024),
                  count: constraints.maxPhotosPerUnit,
                })}
              </p>
            ))}
          </div>
        ) : null}
        <label htmlFor="photo-files">{t("properties:photos.choose")}</label>
        <p id="photo-hint" className="field__hint">
          {t("properties:photos.hint", { width: constraints.minWidth, height: constraints.minHeight, megabytes: Math.round(constraints.maxBytes / 1024 / 1024) })}
        </p>
        <input id="photo-files" type="file" name="photos" multiple accept={constraints.mimeTypes.join(",")} aria-describedby="photo-hint" />
        <button type="submit" name="intent" value="upload" className="button button--primary" disabled={busy}>
          {busy ? t("properties:photos.uploading") : t("properties:photos.upload")}
        </button>
      </Form>
      {photos.length === 0 ? (
        <p>{t("properties:photos.none")}</p>
      ) : (
        <ol className="photo-grid">
          {photos.map((photo, index) => (
            <li key={photo.id} className="photo-grid__item">
              <img src={photoSrc(photo.url)} alt={t("properties:photos.alt", { position: index + 1 })} width={240} height={160} loading="lazy" />
              {photo.isCover ? <p className="status-label status-label--primary">{t("properties:photos.cover")}</p> : null}
              <Form method="post" className="button-row">
                <input type="hidden" name="photoId" value={photo.id} />
                {!photo.isCover ? (
                  <button type="submit" name="intent" value="cover" className="button button--small">
                    {t("properties:photos.makeCover")}
                  <span className="visually-hidden"> {t("properties:photos.alt", { position: index + 1 })}</span>
                    <span className="visually-hidden"> {t("properties:photos.alt", { position: index + 1 })}</span>
                  </button>
                ) : null}
                {index > 0 ? (
                  <button type="submit" name="intent" value="up" className="button button--small">
                    {t("properties:photos.moveUp")}
                  <span className="visually-hidden"> {t("properties:photos.alt", { position: index + 1 })}</span>
                    <span className="visually-hidden"> {t("properties:photos.alt", { position: index + 1 })}</span>
                  </button>
                ) : null}
                {index < photos.length - 1 ? (
                  <button type="submit" name="intent" value="down" className="button button--small">
                    {t("properties:photos.moveDown")}
                  <span className="visually-hidden"> {t("properties:photos.alt", { position: index + 1 })}</span>
                    <span className="visually-hidden"> {t("properties:photos.alt", { position: index + 1 })}</span>
                  </button>
                ) : null}
                <button type="submit" name="intent" value="delete" className="button button--small">
                  {t("properties:photos.delete")}
                  <span className="visually-hidden"> {t("properties:photos.alt", { position: index + 1 })}</span>
                </button>
              </Form>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
