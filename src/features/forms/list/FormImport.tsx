import "@mantine/dropzone/styles.css";
import { useRef } from "react";
import { useNavigate } from "react-router";
import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { shallowEqual, useSelector } from "@xstate/react";
import { useApi } from "../../../api/api-context";
import { paths } from "../../../shared/paths";
import { announceSuccess } from "../../../shared/ui/toasts";
import { usePageActor } from "../../../shared/use-page-actor";
import { formImportMachine } from "./form-import.machine";
import { selectImportDialog } from "./form-import.selectors";
import { createFormImportActors } from "./form-list.actors";
import { importFailureMessage, importFillMessage, importProblemMessage } from "./form-list.messages";

const JSON_TYPES = { "application/json": [".json"], "text/plain": [".json"] };
const MAX_FORM_FILE_BYTES = 5 * 1024 * 1024;

/** "Import form": a JSON file (exported here, or the original system's FormDTO) becomes a draft, opened in the editor. */
export function FormImport() {
  const api = useApi();
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
  const openFileDialog = useRef<() => void>(null);
  const actor = usePageActor(formImportMachine, {
    actors: createFormImportActors(api),
    actions: {
      onImported: (_, { id, filledIn }) => {
        if (filledIn.length === 0) announceSuccess(t`The form has been imported as a draft`);
        // What the import filled in stays on screen until read: the editor opening beneath it is where it matters.
        else announceSuccess(<ImportedFills filledIn={filledIn.map((fill) => importFillMessage(i18n, fill))} />, { autoClose: false });
        void navigate(paths.form.href(id));
      },
    },
  });
  const { opened, busy, importing, canImport, file, code, unreadable, error } = useSelector(actor, selectImportDialog, shallowEqual);
  const fieldProblems = error?.status === 400 ? Object.entries(error.fieldErrors) : [];
  const codeTaken = error?.code === "duplicate_form_code";

  return (
    <>
      <Button variant="default" onClick={() => actor.send({ type: "import.open" })}>
        <Trans comment="Button: create a form from a JSON file">Import form</Trans>
      </Button>
      <Modal
        opened={opened}
        onClose={() => !importing && actor.send({ type: "import.close" })}
        withCloseButton={!importing}
        title={t`Import a form`}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            <Trans>Choose a form file: one exported from this application, or a form of the original Vote Monitor. It is imported as a draft.</Trans>
          </Text>
          <Dropzone
            accept={JSON_TYPES}
            maxSize={MAX_FORM_FILE_BYTES}
            multiple={false}
            disabled={busy}
            onDrop={(files) => files[0] && actor.send({ type: "file.chosen", file: files[0] })}
            onReject={() => {}}
            openRef={openFileDialog}
            activateOnClick={false}
            activateOnKeyboard={false}
            inputProps={{ "data-testid": "form-import-file" } as React.InputHTMLAttributes<HTMLInputElement>}
          >
            <Stack align="center" gap={4} p="md">
              <Text fw={500}>{file ? <Trans>Chosen file: {file.name}</Trans> : <Trans>Drop a JSON file here or choose one</Trans>}</Text>
              <Button variant="default" size="xs" disabled={busy} onClick={() => openFileDialog.current?.()}>
                <Trans id="SELECT_FILE">Select file</Trans>
              </Button>
            </Stack>
          </Dropzone>
          {unreadable ? (
            <Text c="red.8" size="sm" role="alert">
              <Trans>This file is not a form file: it must contain a JSON object.</Trans>
            </Text>
          ) : null}
          {file ? (
            <TextInput
              label={t`Code of the new form`}
              description={t`Codes are unique: change it to import a copy of an existing form.`}
              value={code}
              withAsterisk
              error={codeTaken ? t`Another form already has this code. Choose another code.` : undefined}
              onChange={(event) => actor.send({ type: "code.change", code: event.currentTarget.value })}
            />
          ) : null}
          {fieldProblems.length > 0 ? (
            <Alert
              color="red"
              role="alert"
              title={<Trans>Nothing was imported: the file has <Plural value={fieldProblems.length} one="# problem" other="# problems" /></Trans>}
            >
              <List size="sm" spacing={2}>
                {fieldProblems.map(([path, codes]) => (
                  <List.Item key={path}>
                    <code>{path}</code>: {codes.map((problem) => importProblemMessage(i18n, problem)).join("; ")}
                  </List.Item>
                ))}
              </List>
            </Alert>
          ) : error && !codeTaken ? (
            <Alert color="red" role="alert">
              {importFailureMessage(i18n, error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" disabled={importing} onClick={() => actor.send({ type: "import.close" })}>
              <Trans id="CANCEL">Cancel</Trans>
            </Button>
            <Button loading={importing} disabled={!canImport} onClick={() => actor.send({ type: "import.send" })}>
              <Trans comment="Button: import the chosen form file">Import</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function ImportedFills({ filledIn }: { filledIn: readonly string[] }) {
  return (
    <Stack gap={4}>
      <Text size="sm">
        <Trans>The form has been imported as a draft. The file left some things out; the import filled them in:</Trans>
      </Text>
      <List size="sm" spacing={2}>
        {filledIn.map((fill) => (
          <List.Item key={fill}>{fill}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
