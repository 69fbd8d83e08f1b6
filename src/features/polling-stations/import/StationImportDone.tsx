import { Link } from "react-router";
import { Alert, Button, Group, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../../shared/paths";
import type { ImportResult } from "./station-import.machine";

/** What the import did, with the way on: to the registry, or another file. */
export function StationImportDone({ result, onRestart }: { result: ImportResult; onRestart: () => void }) {
  const { i18n } = useLingui();
  const [added, changed, retired, unchanged] = [result.added, result.changed, result.retired, result.unchanged].map((count) => i18n.number(count));
  return (
    <Alert color="green" title={<Trans comment="Title of the import's summary">The registry has been updated</Trans>} data-testid="station-import-done">
      <Text mb="sm">
        <Trans>
          Added: {added}. Changed: {changed}. Retired: {retired}. Unchanged: {unchanged}.
        </Trans>
      </Text>
      <Group>
        <Button component={Link} to={paths.pollingStations.href()}>
          <Trans comment="Button: go to the registry after an import">See the polling stations</Trans>
        </Button>
        <Button variant="default" onClick={onRestart}>
          <Trans comment="Button: start the import again with another file">Import another file</Trans>
        </Button>
      </Group>
    </Alert>
  );
}
