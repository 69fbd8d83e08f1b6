import { plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useApi } from "../../api/api-context";
import { deleteObservers, type Observer } from "./observer-list.actors";

/**
 * Deleting observers: confirm first, then one DELETE per observer, then a toast. `onDeleted` runs whatever the
 * outcome, since some deletes may have gone through.
 */
export function useObserverDelete(onDeleted: () => void) {
  const api = useApi();
  const { t } = useLingui();

  async function remove(ids: number[]) {
    const count = ids.length;
    const failed = await deleteObservers(api, ids);
    onDeleted();
    if (failed.length === 0) {
      notifications.show({
        color: "yellow",
        title: t({ id: "SUCCESS", message: "Success", comment: "Title of a success message" }),
        message: t({
          id: "OBSERVER_DELETE_SUCCESS",
          message: plural(count, { one: "The observer has been removed", other: "# observers have been removed" }),
        }),
      });
    } else {
      notifications.show({
        color: "red",
        title: t({ id: "ERROR", message: "Error", comment: "Title of an error message" }),
        message: t({ id: "OBSERVER_DELETE_ERROR", message: "Could not delete the observer" }),
      });
    }
  }

  return function confirmDelete(observers: Observer[]) {
    const count = observers.length;
    modals.openConfirmModal({
      title: <Trans id="DELETE" comment="Button or menu item: delete">Delete</Trans>,
      children: (
        <Text size="sm">
          <Plural
            id="OBSERVER_DELETE_CONFIRMATION"
            value={count}
            one="Are you sure you want to delete this observer?"
            other="Are you sure you want to delete # observers?"
          />
        </Text>
      ),
      labels: {
        confirm: <Trans id="DELETE" comment="Button or menu item: delete">Delete</Trans>,
        cancel: <Trans id="CANCEL" comment="Button: close without doing anything">Cancel</Trans>,
      },
      confirmProps: { color: "red" },
      onConfirm: () => void remove(observers.map((observer) => observer.id)),
    });
  };
}
