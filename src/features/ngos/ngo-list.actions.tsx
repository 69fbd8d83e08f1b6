import { Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { modals } from "@mantine/modals";
import { useApi } from "../../api/api-context";
import { deleteNgo, setNgoActive, setNgoOrganizer, type Ngo } from "./ngos.actors";
import type { NgoRowActions } from "./ngo-list.row-actions";
import { announceNgoFailure, announceNgoSuccess } from "./ngo-toasts";

/**
 * The list's row actions: each flag toggles to the opposite value, Delete confirms first. After each call the list
 * reloads (`reload`) whatever the outcome, and a toast says what happened.
 */
export function useNgoListActions(reload: () => void): NgoRowActions {
  const api = useApi();
  const { i18n } = useLingui();

  async function run(call: () => Promise<unknown>, success: () => void) {
    try {
      await call();
      success();
    } catch (error) {
      announceNgoFailure(error, i18n);
    } finally {
      reload();
    }
  }

  return {
    onToggleActive: (ngo: Ngo) =>
      void run(
        () => setNgoActive(api, ngo.id, !ngo.isActive),
        () =>
          announceNgoSuccess(
            ngo.isActive ? <Trans>The NGO is now inactive</Trans> : <Trans>The NGO is now active</Trans>,
          ),
      ),
    onToggleOrganizer: (ngo: Ngo) =>
      void run(
        () => setNgoOrganizer(api, ngo.id, !ngo.organizer),
        () =>
          announceNgoSuccess(
            ngo.organizer ? <Trans>The NGO is no longer an organizer</Trans> : <Trans>The NGO is now an organizer</Trans>,
          ),
      ),
    onDelete: (ngo: Ngo) => {
      const name = ngo.name;
      modals.openConfirmModal({
        title: <Trans id="DELETE">Delete</Trans>,
        children: (
          <Text size="sm">
            <Trans comment="{name} is the NGO's name">Are you sure you want to delete the NGO {name}?</Trans>
          </Text>
        ),
        labels: {
          confirm: <Trans id="DELETE">Delete</Trans>,
          cancel: <Trans id="CANCEL">Cancel</Trans>,
        },
        confirmProps: { color: "red" },
        onConfirm: () =>
          void run(
            () => deleteNgo(api, ngo.id),
            () => announceNgoSuccess(<Trans>The NGO has been deleted</Trans>, "yellow"),
          ),
      });
    },
  };
}
