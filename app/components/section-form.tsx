import { useTranslation } from "~/lib/i18n";
import { Button, usePending } from "./ui/button";

/** The primary Save button of a section form, disabled while the form is being sent. */
export function SaveButton({ name, value, disabled = false }: { name?: string; value?: string; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button variant="primary" name={name} value={value} pending={usePending()} disabled={disabled}>
      {t("properties:taxesAndLaws.save")}
    </Button>
  );
}
