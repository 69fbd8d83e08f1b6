import { ActionIcon, Button, Checkbox, Group, Menu, Table, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { ListMoreIcon } from "../../shared/ui/ListIcons";
import type { Observer } from "./observer-list.actors";
import { formatDateTime } from "../../shared/i18n/time-format";
import { observerEditPath, type ObserverRowActions } from "./observer-list.row-actions";

interface ObserverRowProps extends ObserverRowActions {
  observer: Observer;
  selected: boolean;
  showNgo: boolean;
  onToggle: (id: number) => void;
}

export function ObserverRow({ observer, selected, showNgo, onToggle, ...actions }: ObserverRowProps) {
  const { t, i18n } = useLingui();
  const name = observer.name;
  return (
    <Table.Tr bg={selected ? "var(--mantine-primary-color-light)" : undefined}>
      <Table.Td>
        <Checkbox
          checked={selected}
          onChange={() => onToggle(observer.id)}
          aria-label={t({ message: `Select ${name}`, comment: "Accessible label of a row's checkbox" })}
        />
      </Table.Td>
      <Table.Th scope="row" fw={500}>
        {observer.name}
      </Table.Th>
      <Table.Td>{observer.phone}</Table.Td>
      {showNgo ? <Table.Td>{observer.ngo}</Table.Td> : null}
      <Table.Td>
        {observer.lastSeen ? (
          <time dateTime={observer.lastSeen}>{formatDateTime(observer.lastSeen, i18n.locale)}</time>
        ) : (
          <Text span c="dimmed" size="sm">
            <Trans comment="Last login of an observer who never signed in">Never</Trans>
          </Text>
        )}
      </Table.Td>
      <Table.Td>{observer.numberOfPollingStations}</Table.Td>
      <Table.Td>
        <ObserverActionsMenu observer={observer} {...actions} />
      </Table.Td>
    </Table.Tr>
  );
}

interface ObserverActionsMenuProps extends ObserverRowActions {
  observer: Observer;
}

/** Edit as the main action, the others in a dropdown (keyboard: Enter opens it, arrows move, Escape closes). */
export function ObserverActionsMenu({ observer, onDelete, onNotify, onResetPassword, deletingIds }: ObserverActionsMenuProps) {
  const { t } = useLingui();
  const name = observer.name;
  const deleting = deletingIds.includes(observer.id);
  return (
    <Group gap={4} wrap="nowrap">
      <Button component={Link} to={observerEditPath(observer)} size="xs" variant="light">
        <Trans id="EDIT" comment="Button: edit a record">Edit</Trans>
      </Button>
      <Menu position="bottom-end" withinPortal={false}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            loading={deleting}
            aria-label={t({ message: `More actions for ${name}`, comment: "Accessible label of a row's actions menu button" })}
          >
            <ListMoreIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => onNotify([observer])} disabled={deleting}>
            <Trans id="NOTIFICATION" comment="Menu item: send a notification to this observer">Notification</Trans>
          </Menu.Item>
          <Menu.Item onClick={() => onResetPassword(observer)} disabled={deleting}>
            <Trans id="RESET_PASSWORD" comment="Menu item: set a new password (PIN) for the observer">Reset password</Trans>
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => onDelete([observer])} disabled={deleting}>
            <Trans id="DELETE" comment="Button or menu item: delete">Delete</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
