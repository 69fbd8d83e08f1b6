import { Link } from "react-router";
import { Button, Group, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../../shared/paths";
import { pollingStationsLabel } from "../polling-stations.messages";
import { StationExportButton } from "./StationExportButton";

interface StationListHeaderProps {
  total: number;
  /** Organizers change the registry: they also get Import and Add. */
  organizer: boolean;
}

/** The title with the number of stations found, and the page's own actions. */
export function StationListHeader({ total, organizer }: StationListHeaderProps) {
  const { i18n } = useLingui();
  return (
    <Group justify="space-between" align="center">
      <Title order={1}>
        {i18n._(pollingStationsLabel)}{" "}
        <Text span inherit c="dimmed" data-testid="station-total">
          ({i18n.number(total)})
        </Text>
      </Title>
      <Group gap="xs">
        {organizer ? (
          <Button component={Link} to={paths.pollingStationImport.href()} variant="default">
            <Trans id="IMPORT" comment="Button: import from a file">Import</Trans>
          </Button>
        ) : null}
        <StationExportButton />
        {organizer ? (
          <Button component={Link} to={paths.pollingStationNew.href()}>
            <Trans comment="Button: add a polling station to the registry">Add station</Trans>
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
