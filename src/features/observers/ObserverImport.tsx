import { Link } from "react-router";
import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Plural, Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { usePageActor } from "../../shared/use-page-actor";
import { useApi } from "../../api/api-context";
import { useCurrentAccount } from "../../shared/account/account-context";
import { announceFailure, announceSuccess } from "../../shared/ui/toasts";
import { observerImportMachine, type ImportFailure } from "./observer-import.machine";
import * as importer from "./observer-import.selectors";
import { ObserverImportDropzone } from "./ObserverImportDropzone";
import { ObserverImportNgoSelect } from "./ObserverImportNgoSelect";
import { ObserverImportPreview } from "./ObserverImportPreview";
import { ObserverImportReport } from "./ObserverImportReport";
import { createObserverActors } from "./observers.actors";
import { paths } from "../../shared/paths";

function FailureText({ failure }: { failure: ImportFailure }) {
  if (failure.status === 413) return <Trans>The file is too large: at most 5 MiB.</Trans>;
  if (failure.status === 403) return <Trans>You may import observers only into your own NGO.</Trans>;
  if (failure.code === "validation") return <Trans>The NGO id is not valid or the NGO does not exist.</Trans>;
  return <Trans>Encountered error while uploading csv</Trans>;
}

function useObserverImport() {
  const api = useApi();
  const ownNgoId = useCurrentAccount().ngoId;
  const { importFile, readPreview } = createObserverActors(api);
  return usePageActor(
    observerImportMachine,
    {
      actors: { importFile, readPreview },
      actions: {
        onImported: (_, { count }) =>
          announceSuccess(<Plural value={count} one="# observer has been added successfully" other="# observers have been added successfully" />),
        onImportFailed: (_, { failure }) => announceFailure(<FailureText failure={failure} />),
      },
    },
    { input: { ngoId: ownNgoId } },
  );
}

/** /observatori/import: upload a CSV of observers into an NGO, after a preview and an optional check. */
export function ObserverImport() {
  const actor = useObserverImport();
  const organizer = useCurrentAccount().organizer;
  const ngoId = useSelector(actor, importer.selectNgoId);
  const file = useSelector(actor, importer.selectFile);
  const preview = useSelector(actor, importer.selectPreview);
  const rejection = useSelector(actor, importer.selectRejection);
  const busy = useSelector(actor, importer.selectIsBusy);
  const checking = useSelector(actor, importer.selectIsChecking);
  const importing = useSelector(actor, importer.selectIsImporting);
  const canUpload = useSelector(actor, importer.selectCanUpload);
  const checkedCount = useSelector(actor, importer.selectCheckedCount);
  const badRows = useSelector(actor, importer.selectBadRows);

  return (
    <Stack maw={720}>
      <Anchor component={Link} to={paths.observers.href()}>
        <Trans id="BACK">Back</Trans>
      </Anchor>
      <Title order={1}>
        <Trans id="OBSERVERS_IMPORT">Import observers</Trans>
      </Title>
      {organizer ? (
        <ObserverImportNgoSelect value={ngoId} disabled={busy} onChange={(value) => actor.send({ type: "ngo.change", value })} />
      ) : (
        <Text>
          <Trans>Observers join your own NGO.</Trans>
        </Text>
      )}
      <ObserverImportDropzone
        file={file}
        rejection={rejection}
        disabled={busy}
        onChoose={(chosen) => actor.send({ type: "file.choose", file: chosen })}
        onReject={(reason) => actor.send({ type: "file.reject", reason })}
      />
      {preview ? <ObserverImportPreview preview={preview} /> : null}
      <Group>
        <Button variant="default" onClick={() => actor.send({ type: "import.check" })} disabled={!canUpload} loading={checking}>
          <Trans comment="Button: validate the file on the server without saving">Check file</Trans>
        </Button>
        <Button onClick={() => actor.send({ type: "import.start" })} disabled={!canUpload} loading={importing}>
          <Trans id="IMPORT">Import</Trans>
        </Button>
      </Group>
      {checkedCount !== null ? (
        <Text c="green.9" role="status">
          <Plural value={checkedCount} one="The file is valid: # observer can be added." other="The file is valid: # observers can be added." />
        </Text>
      ) : null}
      {badRows.length > 0 ? <ObserverImportReport rows={badRows} /> : null}
    </Stack>
  );
}
