import { useTranslation } from "~/lib/i18n";
import { Button, usePending } from "./ui/button";

/** The primary Save button of a section form, disabled while the form is being sent. */
export function SaveButton({ name, value }: { name?: string; value?: string }) {
  const { t } = useTranslation();
  return (
    <Button variant="primary" name={name} value={value} pending={usePending()}>
      {t("properties:taxesAndLaws.save")}
    </Button>
  );
}
