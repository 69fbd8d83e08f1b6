import { Plural, Trans } from "@lingui/react/macro";
import { Alert } from "@mantine/core";
import { useSelector } from "@xstate/react";
import { useServices } from "../app/services-context";

/**
 * Whether the phone holds what a day without network needs (the forms and the station list): an observer checks it
 * on the eve, and knows before going down to a basement polling station.
 */
export function OfflineReadiness() {
  const { store } = useServices();
  const forms = useSelector(store, (snapshot) => snapshot.context.forms?.forms.length ?? null);
  const hasStations = useSelector(store, (snapshot) => snapshot.context.counties.length > 0);
  const ready = forms !== null && hasStations;
  return (
    <Alert color={ready ? "green" : "orange"} data-offline-ready={ready} role="status">
      {ready ? (
        <Plural value={forms} one="Ready to work offline: # form and the station list are kept on this phone." other="Ready to work offline: # forms and the station list are kept on this phone." />
      ) : (
        <Trans>Getting the forms and the station list: keep the network on until this says ready.</Trans>
      )}
    </Alert>
  );
}
