import { useState } from "react";
import { Button } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { notifications } from "@mantine/notifications";
import { useApi } from "../../api/api-context";
import type { ListQuery } from "../../shared/machines/list.machine";
import { exportObservers } from "./observer-list.actors";

export const OBSERVERS_EXPORT_FILE_NAME = "observers.csv";

/** Hands a downloaded file to the browser's save dialog through a temporary link. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

interface ObserverExportButtonProps {
  query: Pick<ListQuery, "filter" | "sort">;
}

/** Downloads a CSV of every observer matching the list's current filter and sort. */
export function ObserverExportButton({ query }: ObserverExportButtonProps) {
  const api = useApi();
  const { t } = useLingui();
  const [exporting, setExporting] = useState(false);

  async function download() {
    setExporting(true);
    try {
      saveFile(await exportObservers(api, query), OBSERVERS_EXPORT_FILE_NAME);
    } catch {
      notifications.show({
        color: "red",
        title: t({ id: "ERROR", message: "Error", comment: "Title of an error message" }),
        message: t({ message: "Could not export the observers. Try again later." }),
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button variant="default" loading={exporting} onClick={() => void download()}>
      <Trans id="EXPORT" comment="Button: download the list as a file">Export</Trans>
    </Button>
  );
}
