import { useTranslation } from "../../lib/i18n";
import { Form, useNavigation } from "react-router";
import type { Configuration } from "../../lib/api-types";
import { photoSrc } from "../../lib/media";
import type { PhotoErrors } from "./photos.server";
import { StatusPill } from "../ui/status-pill";

interface Photo {
  id: string;
  url: string;
  isCover: boolean;
}

/** Upload, cover, order and delete (§2 photos): the unit section and the wizard step share it. */
export function PhotoEditor({ photos, constraints, errors }: { photos: Photo[]; constraints: Configuration["propertyUnit"]["photosConstraints"]; errors: PhotoErrors | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <>
      <Form method="post" encType="multipart/form-data" className="card stack">
        {errors?.length ? (
          <div id="photo-errors" className="form-errors" role="alert">
            {errors.map((e, i) => (
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
          {photos.map((photo, index) => {
            const which = <span className="visually-hidden"> {t("properties:photos.alt", { position: index + 1 })}</span>;
            return (
              <li key={photo.id} className="photo-grid__item">
                <img src={photoSrc(photo.url)} alt={t("properties:photos.alt", { position: index + 1 })} width={240} height={160} loading="lazy" />
                {photo.isCover ? <StatusPill tone="primary">{t("properties:photos.cover")}</StatusPill> : null}
                <Form method="post" className="button-row">
                  <input type="hidden" name="photoId" value={photo.id} />
                  {!photo.isCover ? (
                    <button type="submit" name="intent" value="cover" className="button button--small">
                      {t("properties:photos.makeCover")}
                      {which}
                    </button>
                  ) : null}
                  {index > 0 ? (
                    <button type="submit" name="intent" value="up" className="button button--small">
                      {t("properties:photos.moveUp")}
                      {which}
                    </button>
                  ) : null}
                  {index < photos.length - 1 ? (
                    <button type="submit" name="intent" value="down" className="button button--small">
                      {t("properties:photos.moveDown")}
                      {which}
                    </button>
                  ) : null}
                  <button type="submit" name="intent" value="delete" className="button button--small">
                    {t("properties:photos.delete")}
                    {which}
                  </button>
                </Form>
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}
