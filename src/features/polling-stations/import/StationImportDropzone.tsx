import "@mantine/dropzone/styles.css";
import { useRef, type InputHTMLAttributes } from "react";
import { Button, Stack, Text } from "@mantine/core";
import { Dropzone, type FileRejection as DropzoneRejection } from "@mantine/dropzone";
import { Trans } from "@lingui/react/macro";
import type { FileRejection } from "./station-import.machine";

export const MAX_STATION_FILE_BYTES = 20 * 1024 * 1024;

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** Browsers label CSV files differently (Excel on Windows says vnd.ms-excel); the extension decides. */
const ACCEPTED = { "text/csv": [".csv"], "application/vnd.ms-excel": [".csv"], "text/plain": [".csv"], [XLSX]: [".xlsx"] };

interface StationImportDropzoneProps {
  file: File | null;
  rejection: FileRejection | null;
  disabled: boolean;
  onChoose: (file: File) => void;
  onReject: (reason: FileRejection) => void;
}

function reasonOf(rejections: DropzoneRejection[]): FileRejection {
  return rejections[0]?.errors.some((error) => error.code === "file-too-large") ? "too_large" : "wrong_type";
}

/** The file picker: a drop area with a real "Select file" button (a button inside a clickable area is not accessible). */
export function StationImportDropzone({ file, rejection, disabled, onChoose, onReject }: StationImportDropzoneProps) {
  const openFileDialog = useRef<() => void>(null);
  const fileName = file?.name;
  return (
    <Stack gap={4}>
      <Dropzone
        accept={ACCEPTED}
        maxSize={MAX_STATION_FILE_BYTES}
        multiple={false}
        disabled={disabled}
        onDrop={(files) => files[0] && onChoose(files[0])}
        onReject={(rejections) => onReject(reasonOf(rejections))}
        openRef={openFileDialog}
        activateOnClick={false}
        activateOnKeyboard={false}
        inputProps={{ "data-testid": "station-import-file" } as InputHTMLAttributes<HTMLInputElement>}
      >
        <Stack align="center" gap={4} p="md">
          <Text fw={500} data-testid="station-import-chosen">
            {fileName ? <Trans>Chosen file: {fileName}</Trans> : <Trans>Drop a CSV or XLSX file here or choose one</Trans>}
          </Text>
          <Button variant="default" size="xs" disabled={disabled} aria-describedby="station-import-file-hint" onClick={() => openFileDialog.current?.()}>
            <Trans id="SELECT_FILE" comment="Button: choose the CSV file to import">Select file</Trans>
          </Button>
          <Text size="sm" c="dimmed" id="station-import-file-hint" ta="center">
            <Trans>
              The official list (Județ, Nr. SV, Localitate, Sediu, Adresă, Număr alegători) or the export's columns; CSV with commas or semicolons, or
              XLSX; at most 20 MiB. Other columns can be matched in the next step.
            </Trans>
          </Text>
        </Stack>
      </Dropzone>
      {rejection ? (
        <Text c="red.8" size="sm" role="alert">
          {rejection === "too_large" ? <Trans>The file is too large: at most 20 MiB.</Trans> : <Trans>Choose a CSV or XLSX file.</Trans>}
        </Text>
      ) : null}
    </Stack>
  );
}
