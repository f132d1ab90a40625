import { useEffect, useRef, useState, type DragEvent, type FormEvent } from "react";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { Form, Link, useFetcher, useLocation, useNavigation, useRevalidator } from "react-router";
import type { Photo as ContractPhoto } from "@contract/photos";
import type { PropertiesConfiguration } from "@contract/properties";
import { photoSrc } from "~/lib/media";
import { useFocusedOnLoad, useHydrated } from "~/lib/use-hydrated";
import type { PhotoErrors } from "./photos.server";
import { Button, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/icons";
import { StatusPill } from "~/components/ui/status-pill";

type Photo = Pick<ContractPhoto, "id" | "url" | "isCover">;

type Constraints = PropertiesConfiguration["propertyUnit"]["photosConstraints"];

interface Upload {
  name: string;
  percent: number;
  state: "sending" | "done" | "failed";
  errors: PhotoErrors;
}

/** Sends one file to the upload address, reporting its progress; answers the refusals (none when stored). */
function sendFile(url: string, file: File, onProgress: (percent: number) => void): Promise<PhotoErrors> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.set("intent", "upload");
    body.append("photos", file, file.name);
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    const failed = [{ file: file.name, type: "upload_failed" }];
    request.addEventListener("load", () => {
      const errors = (request.response as { errors?: PhotoErrors } | null)?.errors;
      resolve(request.status < 300 ? [] : (errors ?? failed).map((e) => ({ ...e, file: e.file ?? file.name })));
    });
    request.addEventListener("error", () => resolve(failed));
    request.send(body);
  });
}

/** The new order after dragging `dragged` onto the place of `target`. */
export function moveBefore(ids: readonly string[], dragged: string, target: string) {
  if (dragged === target) return [...ids];
  const rest = ids.filter((id) => id !== dragged);
  const at = rest.indexOf(target) + (ids.indexOf(dragged) < ids.indexOf(target) ? 1 : 0);
  return [...rest.slice(0, at), dragged, ...rest.slice(at)];
}

/**
 * The question before a photo is deleted, in place of its Delete button: the photo's place, a button
 * that deletes it and a way back. It takes the focus as it appears (with JavaScript after the click,
 * without it as the page loads), so that the keyboard is at its buttons and a screen reader reads the
 * question.
 */
function DeleteConfirmation({ photoId, position, pending }: { photoId: string; position: number; pending: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const question = useRef<HTMLParagraphElement>(null);
  const focusedOnLoad = useFocusedOnLoad();
  useEffect(() => question.current?.focus(), []);
  return (
    <Form method="post" className="banner banner--warning" aria-labelledby={`photo-${photoId}-confirm`}>
      <p id={`photo-${photoId}-confirm`} ref={question} tabIndex={-1} {...focusedOnLoad}>
        {t("properties:photos.confirmDelete", { position })}
      </p>
      <input type="hidden" name="intent" value="confirmDelete" />
      <input type="hidden" name="photoId" value={photoId} />
      <div className="button-row">
        <Button variant="danger" size="small" pending={pending}>
          {t("properties:photos.confirmDeleteButton")}
        </Button>
        {/* The page as it was: without JavaScript loaded again, with it where it is, the focus back on the photo's Delete button (PhotoEditor). */}
        <Link to={location.pathname} className={buttonClass({ size: "small" })} preventScrollReset>
          {t("properties:photos.cancelDelete")}
        </Link>
      </div>
    </Form>
  );
}

/**
 * Upload, cover, order and delete (§2 photos): the unit section and the wizard step share it.
 * Without JavaScript every action is a form; with it, files upload one by one with their progress
 * and photos can also be dragged into order (the buttons stay for the keyboard).
 */
export function PhotoEditor({ photos, constraints, errors, confirming, uploadUrl }: { photos: Photo[]; constraints: Constraints; errors: PhotoErrors | undefined; confirming: string | null; uploadUrl: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const order = useFetcher<{ errors?: PhotoErrors }>();
  const hydrated = useHydrated();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragged, setDragged] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const sending = uploads.some((u) => u.state === "sending");
  // Kept back from a delete's question (Cancel), the keyboard returns to the Delete button it left, unless the focus went elsewhere.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (asked.current && asked.current !== confirming && (document.activeElement === null || document.activeElement === document.body)) document.getElementById(`photo-${asked.current}-delete`)?.focus();
    asked.current = confirming;
  }, [confirming]);
  const busy = navigation.state === "submitting" || sending;
  const errorText = (e: PhotoErrors[number]) =>
    `${e.file ? `${e.file}: ` : ""}${t(`properties:photos.errors.${e.type}`, {
      defaultValue: t("commons.errorOccuredPleaseTryAgain"),
      width: constraints.minWidth,
      height: constraints.minHeight,
      maxWidth: constraints.maxWidth,
      maxHeight: constraints.maxHeight,
      megabytes: Math.round(constraints.maxBytes / 1024 / 1024),
      megapixels: Math.round(constraints.maxPixels / 1_000_000),
      count: constraints.maxPhotosPerUnit,
    })}`;

  // While a new order is being saved, it is shown already.
  const pendingOrder = order.formData?.get("intent") === "order" ? order.formData.getAll("photoId").map(String) : null;
  const shown = pendingOrder ? pendingOrder.map((id) => photos.find((p) => p.id === id)).filter((p): p is Photo => Boolean(p)) : photos;

  async function upload(event: FormEvent<HTMLFormElement>) {
    const files = [...(fileInput.current?.files ?? [])];
    if (files.length === 0) return; // The server says what is missing.
    event.preventDefault();
    setUploads(files.map((file) => ({ name: file.name, percent: 0, state: "sending", errors: [] })));
    for (const [index, file] of files.entries()) {
      const update = (change: Partial<Upload>) => setUploads((list) => list.map((u, i) => (i === index ? { ...u, ...change } : u)));
      const refused = await sendFile(uploadUrl, file, (percent) => update({ percent }));
      update(refused.length ? { state: "failed", errors: refused } : { state: "done", percent: 100 });
    }
    if (fileInput.current) fileInput.current.value = "";
    await revalidator.revalidate();
  }

  function drop(event: DragEvent, onto: string) {
    event.preventDefault();
    setTarget(null);
    if (!dragged || dragged === onto) return;
    const body = new FormData();
    body.set("intent", "order");
    for (const id of moveBefore(shown.map((p) => p.id), dragged, onto)) body.append("photoId", id);
    order.submit(body, { method: "post" });
    setDragged(null);
  }

  return (
    <>
      <Form method="post" encType="multipart/form-data" className="card stack" onSubmit={upload}>
        {(errors ?? order.data?.errors)?.length ? (
          <div id="photo-errors" className="form-errors" role="alert">
            {(errors ?? order.data?.errors ?? []).map((e, i) => (
              <p key={i}>{errorText(e)}</p>
            ))}
          </div>
        ) : null}
        <label htmlFor="photo-files">{t("properties:photos.choose")}</label>
        <p id="photo-hint" className="field__hint">
          {t("properties:photos.hint", { width: constraints.minWidth, height: constraints.minHeight, megabytes: Math.round(constraints.maxBytes / 1024 / 1024) })}
        </p>
        <input ref={fileInput} id="photo-files" type="file" name="photos" multiple accept={constraints.mimeTypes.join(",")} aria-describedby="photo-hint" />
        <Button variant="primary" name="intent" value="upload" icon={icons.upload} pending={busy}>
          {busy ? t("properties:photos.uploading") : t("properties:photos.upload")}
        </Button>
        {uploads.length ? (
          <ul className="uploads" aria-label={t("properties:photos.uploads")}>
            {uploads.map((u, i) => (
              <li key={i}>
                <span>{u.name}</span>
                <span role={u.state === "failed" ? "alert" : undefined}>
                  {u.state === "sending" ? format.percent(u.percent) : u.state === "done" ? t("properties:photos.uploaded") : u.errors.map(errorText).join(" ")}
                </span>
                {u.state === "sending" ? <progress max={100} value={u.percent} aria-label={u.name} /> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </Form>
      {shown.length === 0 ? (
        <EmptyState icon={icons.image}>{t("properties:photos.none")}</EmptyState>
      ) : (
        <>
          {hydrated && shown.length > 1 ? <p className="field__hint">{t("properties:photos.dragHint")}</p> : null}
          <ol className="photo-grid">
            {shown.map((photo, index) => {
              const which = <span className="visually-hidden"> {t("properties:photos.alt", { position: index + 1 })}</span>;
              const classes = ["photo-grid__item", dragged === photo.id && "photo-grid__item--dragging", target === photo.id && dragged !== photo.id && "photo-grid__item--target"];
              return (
                // Dragging is a pointer shortcut; the Move buttons below do the same by keyboard and without JavaScript.
                // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
                <li
                  key={photo.id}
                  className={classes.filter(Boolean).join(" ")}
                  draggable={hydrated}
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = "move";
                    event.dataTransfer.setData("text/plain", photo.id);
                    setDragged(photo.id);
                  }}
                  onDragEnd={() => {
                    setDragged(null);
                    setTarget(null);
                  }}
                  onDragOver={(event) => {
                    if (!dragged) return;
                    event.preventDefault();
                    setTarget(photo.id);
                  }}
                  onDrop={(event) => drop(event, photo.id)}
                >
                  <img src={photoSrc(photo.url)} alt={t("properties:photos.alt", { position: index + 1 })} width={240} height={160} loading="lazy" draggable={false} />
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
                    {index < shown.length - 1 ? (
                      <button type="submit" name="intent" value="down" className="button button--small">
                        {t("properties:photos.moveDown")}
                        {which}
                      </button>
                    ) : null}
                    {confirming !== photo.id ? (
                      <button id={`photo-${photo.id}-delete`} type="submit" name="intent" value="delete" className="button button--small button--ghost">
                        <Icon icon={icons.close} />
                        {t("properties:photos.delete")}
                        {which}
                      </button>
                    ) : null}
                  </Form>
                  {confirming === photo.id ? (
                    <DeleteConfirmation photoId={photo.id} position={index + 1} pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "confirmDelete"} />
                  ) : null}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </>
  );
}
