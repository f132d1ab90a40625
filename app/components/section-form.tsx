import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";

/** "Saved." after a section form saved (its action redirects with `?saved=1`); gone once edited again. */
export function SavedNotice({ show }: { show: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return show && navigation.state === "idle" ? <p role="status">{t("properties:taxesAndLaws.saved")}</p> : null;
}

/** The primary Save button of a section form, disabled while the form is being sent. */
export function SaveButton({ name, value }: { name?: string; value?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <button type="submit" name={name} value={value} className="button button--primary" disabled={navigation.state === "submitting"}>
      {t("properties:taxesAndLaws.save")}
    </button>
  );
}
