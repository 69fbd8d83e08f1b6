import "@mantine/dropzone/styles.css";
import { useRef } from "react";
import { Button, Stack, Text } from "@mantine/core";
import { Dropzone, type FileRejection as DropzoneRejection } from "@mantine/dropzone";
import { Trans } from "@lingui/react/macro";
import type { FileRejection } from "./observer-import.machine";

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** Browsers label CSV files differently (Excel on Windows says vnd.ms-excel); the extension decides. */
const CSV_TYPES = { "text/csv": [".csv"], "application/vnd.ms-excel": [".csv"], "text/plain": [".csv"] };

interface ObserverImportDropzoneProps {
  file: File | null;
  rejection: FileRejection | null;
  disabled: boolean;
  onChoose: (file: File) => void;
  onReject: (reason: FileRejection) => void;
}

function reasonOf(rejections: DropzoneRejection[]): FileRejection {
  return rejections[0]?.errors.some((error) => error.code === "file-too-large") ? "too_large" : "wrong_type";
}

/** The CSV picker: a drop area with a real "Select file" button (a button inside a clickable area is not accessible). */
export function ObserverImportDropzone({ file, rejection, disabled, onChoose, onReject }: ObserverImportDropzoneProps) {
  const openFileDialog = useRef<() => void>(null);
  const fileName = file?.name;
  return (
    <Stack gap={4}>
      <Dropzone
        accept={CSV_TYPES}
        maxSize={MAX_IMPORT_BYTES}
        multiple={false}
        disabled={disabled}
        onDrop={(files) => files[0] && onChoose(files[0])}
        onReject={(rejections) => onReject(reasonOf(rejections))}
        openRef={openFileDialog}
        activateOnClick={false}
        activateOnKeyboard={false}
        inputProps={{ "data-testid": "observer-import-file" } as React.InputHTMLAttributes<HTMLInputElement>}
      >
        <Stack align="center" gap={4} p="md">
          <Text fw={500}>
            {fileName ? <Trans>Chosen file: {fileName}</Trans> : <Trans>Drop a CSV file here or choose one</Trans>}
          </Text>
          <Button variant="default" size="xs" disabled={disabled} aria-describedby="observer-import-file-hint" onClick={() => openFileDialog.current?.()}>
            <Trans id="SELECT_FILE" comment="Button: choose the CSV file to import">Select file</Trans>
          </Button>
          <Text size="sm" c="dimmed" id="observer-import-file-hint">
            <Trans comment="Help of the observers import: the column names Phone, Pin, Name and Stations stay in English, as the file must write them">
              Columns Phone, Pin and Name, and optionally Stations (e.g. CJ 15|CJ 16); comma or semicolon separated; at most 5 MiB.
            </Trans>
          </Text>
        </Stack>
      </Dropzone>
      {rejection ? (
        <Text c="red.8" size="sm" role="alert">
          {rejection === "too_large" ? (
            <Trans>The file is too large: at most 5 MiB.</Trans>
          ) : (
            <Trans>Choose a CSV file (.csv).</Trans>
          )}
        </Text>
      ) : null}
    </Stack>
  );
}
