import { Button, Group, Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import type { ListQuery } from "../../shared/machines/list.machine";
import { ObserverExportButton } from "./observer-list.export";
import { ObserverOutboxImportButton } from "./outbox/ObserverOutboxImport";
import { paths } from "../../shared/paths";

interface ObserverListHeaderProps {
  total: number;
  query: Pick<ListQuery, "filter" | "sort">;
}

/** The title with the number of observers found, and the page's own actions. */
export function ObserverListHeader({ total, query }: ObserverListHeaderProps) {
  return (
    <Group justify="space-between" align="center">
      <Title order={1}>
        <Trans id="OBSERVERS">Observers</Trans>{" "}
        <Text span inherit c="dimmed" data-testid="observer-total">
          ({total})
        </Text>
      </Title>
      <Group gap="xs">
        <Button component={Link} to={paths.observerImport.href()} variant="default">
          <Trans id="IMPORT" comment="Button: import observers from a file">Import</Trans>
        </Button>
        <ObserverOutboxImportButton />
        <ObserverExportButton query={query} />
        <Button component={Link} to={paths.observerNew.href()}>
          <Trans id="OBSERVER_ADD" comment="Button: create a new observer">Add observer</Trans>
        </Button>
      </Group>
    </Group>
  );
}
