import { Button, Group, Loader, Modal, Radio, Stack, Text } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { ListLoadError } from "../../../shared/ui/ListLoadError";
import { connect, sameAssignApi, type ObserverAssignApi } from "./observer-assign.connect";
import type { observerAssignMachine } from "./observer-assign.machine";
import { AssignmentErrorAlert } from "./AssignmentErrorAlert";
import { StationsLoadFailureText } from "./StationsLoadFailureText";
import { ChosenStationList } from "./ChosenStationList";
import { StationPicker } from "./StationPicker";

/** The dialog of "Assign to stations" on the observers list: the stations, the mode, Assign. */
export function ObserverAssignStations({ assignment }: { assignment: ActorRefFrom<typeof observerAssignMachine> }) {
  const { t } = useLingui();
  const view = useSelector(assignment, (snapshot) => connect(snapshot, assignment.send), sameAssignApi);
  const count = view.observerCount;
  return (
    <Modal
      opened={view.opened}
      onClose={view.busy ? () => {} : view.cancel}
      withCloseButton={!view.busy}
      closeOnEscape={!view.busy}
      title={t({ message: "Assign to polling stations", comment: "Title of the dialog that assigns the selected observers to stations" })}
      size="lg"
      centered
    >
      <Stack>
        <Text size="sm">
          <Plural id="OBSERVERS_SELECTED" value={count} one="# observer selected" other="# observers selected" />
        </Text>
        {view.screen === "loading" ? <Loader size="sm" aria-label={t({ message: "Loading the counties", comment: "Accessible label of a loader" })} /> : null}
        {view.screen === "failed" && view.loadError ? (
          <ListLoadError reason={<StationsLoadFailureText error={view.loadError} />} onRetry={view.retryLoad} />
        ) : null}
        {view.screen === "form" ? <AssignForm view={view} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={view.cancel} disabled={view.busy}>
            <Trans id="CANCEL">Cancel</Trans>
          </Button>
          <Button onClick={view.submit} disabled={!view.canSubmit && !view.busy} loading={view.busy}>
            <Trans comment="Button: assign the selected observers to the chosen stations">Assign</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AssignForm({ view }: { view: ObserverAssignApi }) {
  const { t } = useLingui();
  return (
    <>
      <StationPicker
        counties={view.counties}
        draft={view.draft}
        problem={view.problem}
        busy={view.busy}
        canAdd={view.canAdd}
        onCountyChange={view.changeCounty}
        onNumberChange={view.changeNumber}
        onAdd={view.add}
      />
      <ChosenStationList chosen={view.chosen} busy={view.busy} onRemove={view.remove} />
      {view.refused ? (
        <Text c="red.8" size="sm" role="alert">
          <Trans>Some stations cannot be assigned: remove or correct the ones marked above.</Trans>
        </Text>
      ) : null}
      <Radio.Group
        label={t({ message: "The stations they already have", comment: "Label of the choice between adding to and replacing the observers' stations" })}
        value={view.mode}
        onChange={view.changeMode}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="add" disabled={view.busy} label={t({ message: "Keep them and add these", comment: "Assignment mode: add the chosen stations to each observer's own" })} />
          <Radio value="replace" disabled={view.busy} label={t({ message: "Replace them with these", comment: "Assignment mode: the chosen stations become each observer's only ones" })} />
        </Stack>
      </Radio.Group>
      <AssignmentErrorAlert error={view.error} canRetry={view.canRetry} onRetry={view.retry} />
    </>
  );
}
