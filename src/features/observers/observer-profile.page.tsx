import type { ReactNode, RefObject } from "react";
import { useNavigate } from "react-router";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { notifications } from "@mantine/notifications";
import { useApi } from "../../api/api-context";
import { readStoredDraft, storedDraftActor } from "../../shared/draft-storage";
import type { PageRoute } from "../../shared/machines/page-mode.machine";
import { paths } from "../../shared/paths";
import { usePageActor } from "../../shared/use-page-actor";
import { observerBlankDraft, observerDraftStorage, observerPageLogic } from "./observer-profile.draft";
import { pageErrorMessage } from "./observer-profile.messages";
import { createObserverActors } from "./observers.actors";

const OBSERVERS_PATH = paths.observers.href();

/**
 * The observer profile's actor: the page-mode logic with the observer's requests, its kept draft in sessionStorage
 * and its announcements. `leavingRef` tells the leave guard that the page itself navigates away.
 */
export function useObserverPage(route: PageRoute, leavingRef: RefObject<boolean>) {
  const api = useApi();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const storage = observerDraftStorage(sessionStorage, route.id);
  const announce = (title: ReactNode, message: ReactNode, color = "green") => notifications.show({ title, message, color });
  const leave = () => {
    leavingRef.current = true;
    void navigate(OBSERVERS_PATH);
  };
  const { loadRecord, createRecord, updateRecord, deleteRecord } = createObserverActors(api);
  const count = 1;
  const deleted = <Plural id="OBSERVER_DELETE_SUCCESS" value={count} one="The observer has been removed" other="# observers have been removed" />;
  return usePageActor(
    observerPageLogic,
    {
      actors: { loadRecord, createRecord, updateRecord, deleteRecord, draftStore: storedDraftActor(storage) },
      actions: {
        onCreated: () => {
          announce(<Trans id="SUCCESS">Success</Trans>, <Trans>Observer has been added</Trans>);
          leave();
        },
        onSaved: () => announce(<Trans id="SUCCESS">Success</Trans>, <Trans>Changes have been saved</Trans>),
        onDeleted: () => {
          announce(<Trans id="SUCCESS">Success</Trans>, deleted, "yellow");
          leave();
        },
        onCancelled: leave,
        onFailed: ({ context }) => {
          if (context.error) announce(<Trans id="ERROR">Error</Trans>, i18n._(pageErrorMessage(context.error)), "red");
        },
      },
    },
    // A draft kept while viewing would only surprise: it comes back when the route edits or adds.
    { input: { ...route, blank: observerBlankDraft, stored: route.mode === "viewing" ? null : readStoredDraft(storage) } },
  );
}
