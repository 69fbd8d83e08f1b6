import { Button, Card, Checkbox, Group, SimpleGrid, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import type { Observer } from "./observer-list.actors";
import { formatTimeAgo } from "../../shared/i18n/time-format";
import { observerEditPath, type ObserverRowActions } from "./observer-list.row-actions";

interface ObserverCardsProps extends Pick<ObserverRowActions, "onDelete" | "onResetPassword" | "deletingIds"> {
  observers: Observer[];
  selectedIds: number[];
  onToggle: (id: number) => void;
}

interface ObserverCardProps extends Omit<ObserverCardsProps, "observers" | "selectedIds"> {
  observer: Observer;
  selected: boolean;
}

function ObserverCard({ observer, selected, onToggle, onDelete, onResetPassword, deletingIds }: ObserverCardProps) {
  const { t, i18n } = useLingui();
  const name = observer.name;
  const deleting = deletingIds.includes(observer.id);
  return (
    <Card withBorder component="li" aria-label={name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={600}>{observer.name}</Text>
          <Text size="sm">{observer.phone}</Text>
          <Text size="sm" c="dimmed">
            {observer.lastSeen ? (
              <time dateTime={observer.lastSeen}>{formatTimeAgo(observer.lastSeen, i18n.locale, { style: "short" })}</time>
            ) : (
              <Trans comment="Last login of an observer who never signed in">Never</Trans>
            )}
          </Text>
        </div>
        <Checkbox
          checked={selected}
          onChange={() => onToggle(observer.id)}
          aria-label={t({ message: `Select ${name}`, comment: "Accessible label of a row's checkbox" })}
        />
      </Group>
      <Group gap="xs" mt="sm">
        <Button component={Link} to={observerEditPath(observer)} size="xs" variant="light">
          <Trans id="EDIT" comment="Button: edit a record">Edit</Trans>
        </Button>
        <Button size="xs" variant="default" onClick={() => onResetPassword(observer)} disabled={deleting}>
          <Trans id="RESET_PASSWORD" comment="Menu item: set a new password (PIN) for the observer">Reset password</Trans>
        </Button>
        <Button size="xs" variant="subtle" color="red" onClick={() => onDelete([observer])} loading={deleting}>
          <Trans id="DELETE" comment="Button or menu item: delete">Delete</Trans>
        </Button>
      </Group>
    </Card>
  );
}

/** The CARD view mode: one card per observer. */
export function ObserverCards({ observers, selectedIds, ...handlers }: ObserverCardsProps) {
  const { t } = useLingui();
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, sm: 2, lg: 4 }}
      style={{ listStyle: "none", padding: 0 }}
      aria-label={t({ id: "OBSERVERS", message: "Observers" })}
    >
      {observers.map((observer) => (
        <ObserverCard key={observer.id} observer={observer} selected={selectedIds.includes(observer.id)} {...handlers} />
      ))}
    </SimpleGrid>
  );
}
