import { Link, useNavigate } from "react-router";
import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../../api/api-context";
import { paths } from "../../../shared/paths";
import { announceSuccess } from "../../../shared/ui/toasts";
import { usePageActor } from "../../../shared/use-page-actor";
import { createStationImportActors } from "./station-import.actors";
import { stationCount, stationImportMachine } from "./station-import.machine";
import * as importer from "./station-import.selectors";
import { StationImportDiff } from "./StationImportDiff";
import { StationImportDone } from "./StationImportDone";
import { StationImportDropzone } from "./StationImportDropzone";
import { StationImportFailure } from "./StationImportFailure";
import { StationImportMapping } from "./StationImportMapping";
import { StationImportProgress } from "./StationImportProgress";
import { StationImportReport } from "./StationImportReport";

const STATIONS_PATH = paths.pollingStations.href();

function useStationImport() {
  const api = useApi();
  const navigate = useNavigate();
  return usePageActor(stationImportMachine, {
    actors: createStationImportActors(api),
    actions: {
      onImported: () => announceSuccess(<Trans>The polling stations have been imported</Trans>),
      onCancelled: () => void navigate(STATIONS_PATH),
    },
  });
}

/**
 * /sectii/import (organizers): the registry from a file. A dry run first; a column mapping when the server does not
 * recognise the headers; the diff, with the switch that retires the stations the file leaves out; then the import.
 */
export function StationImport() {
  const actor = useStationImport();
  const step = useSelector(actor, importer.selectStep);
  const busy = useSelector(actor, importer.selectIsBusy);
  const file = useSelector(actor, importer.selectFile);
  const rejection = useSelector(actor, importer.selectRejection);
  const headers = useSelector(actor, importer.selectHeaders);
  const columns = useSelector(actor, importer.selectColumns);
  const retireMissing = useSelector(actor, importer.selectRetireMissing);
  const review = useSelector(actor, importer.selectReview);
  const result = useSelector(actor, importer.selectResult);
  const badRows = useSelector(actor, importer.selectBadRows);
  const failure = useSelector(actor, importer.selectFailure);
  const canRetry = useSelector(actor, importer.selectCanRetry);
  const percent = useSelector(actor, importer.selectUploadPercent);
  const canSubmitMapping = useSelector(actor, importer.selectCanSubmitMapping);
  const canCommit = useSelector(actor, importer.selectCanCommit);
  const canEditMapping = useSelector(actor, importer.selectCanEditMapping);
  const editMapping = () => actor.send({ type: "mapping.edit" });

  return (
    <Stack maw={960}>
      <Anchor component={Link} to={STATIONS_PATH} size="sm">
        <Trans comment="Link from a polling station's page to the registry">All polling stations</Trans>
      </Anchor>
      <Title order={1}>
        <Trans comment="Page title">Import polling stations</Trans>
      </Title>
      <Text>
        <Trans>
          The file lists the registry as it should be. Stations are matched by county and number: new ones are added, changed ones updated and a
          retired one listed again is made active. Nothing is saved before you have seen what changes.
        </Trans>
      </Text>
      {step === "done" ? null : (
        <StationImportDropzone
          file={file}
          rejection={rejection}
          disabled={busy}
          onChoose={(chosen) => actor.send({ type: "file.choose", file: chosen })}
          onReject={(reason) => actor.send({ type: "file.reject", reason })}
        />
      )}
      {step === "checking" ? <StationImportProgress step="checking" stations={0} percent={percent} /> : null}
      {step === "mapping" ? (
        <StationImportMapping
          headers={headers}
          columns={columns ?? {}}
          canSubmit={canSubmitMapping}
          onChoose={(field, header) => actor.send({ type: "column.choose", field, header })}
          onSubmit={() => actor.send({ type: "mapping.submit" })}
        />
      ) : null}
      {step === "reviewing" && review ? (
        <StationImportDiff
          review={review}
          retireMissing={retireMissing}
          canCommit={canCommit}
          canEditMapping={canEditMapping}
          onRetireMissingChange={(value) => actor.send({ type: "retireMissing.change", retireMissing: value })}
          onEditMapping={editMapping}
          onCommit={() => actor.send({ type: "import.commit" })}
        />
      ) : null}
      {step === "committing" && review ? <StationImportProgress step="committing" stations={stationCount(review)} percent={percent} /> : null}
      {step === "invalid" ? (
        <>
          <StationImportReport rows={badRows} />
          {canEditMapping ? (
            <Group>
              <Button variant="default" onClick={editMapping}>
                <Trans comment="Button: go back to the import's column matching">Change the columns</Trans>
              </Button>
            </Group>
          ) : null}
        </>
      ) : null}
      {(step === "checkFailed" || step === "commitFailed") && failure ? (
        <StationImportFailure step={step} failure={failure} onRetry={canRetry ? () => actor.send({ type: "import.retry" }) : null} />
      ) : null}
      {step === "done" && result ? <StationImportDone result={result} onRestart={() => actor.send({ type: "import.restart" })} /> : null}
      {step === "done" || step === "committing" ? null : (
        <Group>
          <Button variant="subtle" onClick={() => actor.send({ type: "import.cancel" })}>
            <Trans id="CANCEL">Cancel</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}
