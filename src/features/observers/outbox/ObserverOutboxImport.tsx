import { useState, type FormEvent } from "react";
import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../../api/api-context";
import { selectError, selectIsBusy } from "../../../shared/machines/mutation.selectors";
import { announceSuccess } from "../../../shared/ui/toasts";
import { useMutation } from "../../../shared/ui/use-mutation";
import { importObserverOutbox, type OutboxImportReport } from "./observer-outbox.actors";
import { outboxImportFailure } from "./observer-outbox.messages";
import { ObserverOutboxReport } from "./ObserverOutboxReport";

/** The observers list's action: a dialog to import the file an observer's phone saved when it could not send. */
export function ObserverOutboxImportButton() {
  const { t } = useLingui();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={open}>
        <Trans comment="Button on the observers list: import the file an observer's phone saved with what it could not send">Import an outbox file</Trans>
      </Button>
      <Modal opened={opened} onClose={close} size="lg" title={t({ message: "Import an observer's outbox file", comment: "Title of the dialog" })}>
        {opened ? <ObserverOutboxImport onClose={close} /> : null}
      </Modal>
    </>
  );
}

/** The dialog's content; closing the dialog unmounts it and aborts a running import (a second import adds nothing twice). */
function ObserverOutboxImport({ onClose }: { onClose: () => void }) {
  const api = useApi();
  const { t, i18n } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<OutboxImportReport | null>(null);
  const importing = useMutation<File, OutboxImportReport>({
    run: (chosen, { signal }) => importObserverOutbox(api, chosen, signal),
    onSucceeded: (_, answer) => {
      setReport(answer);
      announceSuccess(<Trans>The outbox file has been imported.</Trans>);
    },
  });
  const busy = useSelector(importing, selectIsBusy);
  const error = useSelector(importing, selectError);

  function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return;
    setReport(null);
    importing.send({ type: "mutation.start", request: file });
  }

  return (
    <form onSubmit={start} noValidate>
      <Stack>
        <FileInput
          label={t({ message: "Outbox file", comment: "Label of the file picker: the JSON file an observer's phone saved" })}
          description={t`The file the observers' app saved on the phone (outbox-….json), at most 60 MiB.`}
          placeholder={t({ message: "Choose a file", comment: "Placeholder of the file picker" })}
          accept="application/json,.json"
          required
          clearable
          data-autofocus
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setReport(null);
          }}
          disabled={busy}
          fileInputProps={{ "data-testid": "observer-outbox-file" } as React.ComponentProps<"input">}
        />
        {busy ? (
          <Stack gap={4}>
            <Progress value={100} animated striped aria-label={t`Importing the file`} />
            <Text size="sm" c="dimmed">
              <Trans>Importing the items one by one…</Trans>
            </Text>
          </Stack>
        ) : null}
        {error ? (
          <Alert color="red" role="alert" title={t({ id: "ERROR", message: "Error" })}>
            {i18n._(outboxImportFailure(error))}
          </Alert>
        ) : null}
        {report ? <ObserverOutboxReport report={report} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans comment="Button: close the dialog">Close</Trans>
          </Button>
          <Button type="submit" loading={busy} disabled={!file}>
            <Trans comment="Button: send the chosen outbox file to the server">Import file</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
