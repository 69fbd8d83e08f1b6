import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../api/api-context";
import { resourceMachine } from "../../shared/machines/resource.machine";
import { selectData, selectIsLoading } from "../../shared/machines/resource.selectors";
import { usePageActor } from "../../shared/use-page-actor";
import { ListLoading } from "../../shared/ui/ListLoading";
import { newIdempotencyKey } from "./idempotency-key";
import { notificationComposerMachine } from "./notification-composer.machine";
import * as composer from "./notification-composer.selectors";
import { CHANNEL, SENDER, createComposerActors, createCountyActors, createProviderActors, type County, type NotificationDelivery } from "./notifications.actors";
import { composerMessages, deliveryWarning } from "./notifications.messages";
import { NotificationCandidates } from "./NotificationCandidates";
import { NotificationSendFailed, NotificationSent } from "./NotificationOutcome";
import { NotificationReach } from "./NotificationReach";
import { NotificationSearch } from "./NotificationSearch";
import { NotificationSendConfirm } from "./NotificationSendConfirm";
import { NotificationLoadError } from "./NotificationLoadError";

const NO_COUNTIES: County[] = [];

/** The composer: the message, its recipients found by county and stations (arrived or assigned), and the two sends. */
export function NotificationComposer({ observerIds }: { observerIds: number[] }) {
  const { t, i18n } = useLingui();
  const api = useApi();
  const actor = usePageActor(notificationComposerMachine, createComposerActors(api), { input: { observerIds } });
  const countiesActor = usePageActor(resourceMachine, createCountyActors(api));
  const providerActor = usePageActor(resourceMachine, createProviderActors(api));
  const counties = useSelector(countiesActor, (snapshot) => (selectData(snapshot) as County[] | null) ?? NO_COUNTIES);
  const countiesLoading = useSelector(countiesActor, selectIsLoading);
  const delivery = useSelector(providerActor, (snapshot) => selectData(snapshot) as NotificationDelivery | null);
  const warning = deliveryWarning(delivery);

  const draft = useSelector(actor, composer.selectDraft);
  const criteria = useSelector(actor, composer.selectCriteria);
  const found = useSelector(actor, composer.selectFound);
  const selection = useSelector(actor, composer.selectSelection);
  const reach = useSelector(actor, composer.selectSelectedReach);
  const audience = useSelector(actor, composer.selectAudience);
  const loadingChosen = useSelector(actor, composer.selectIsLoadingChosen);
  const searching = useSelector(actor, composer.selectIsSearching);
  const loadError = useSelector(actor, composer.selectLoadError);
  const incomplete = useSelector(actor, composer.selectIsIncomplete);
  const confirming = useSelector(actor, composer.selectIsConfirming);
  const sending = useSelector(actor, composer.selectIsSending);
  const canSendSelected = useSelector(actor, composer.selectCanSendSelected);
  const draftComplete = useSelector(actor, composer.selectDraftComplete);
  const result = useSelector(actor, composer.selectResult);
  const sendError = useSelector(actor, composer.selectSendError);
  const canRetry = useSelector(actor, composer.selectCanRetry);
  const editable = useSelector(actor, (snapshot) => snapshot.matches("editing"));

  const chosenCount = observerIds.length;
  const chosen =
    chosenCount > 0 ? (
      <Text role="status" data-testid="chosen-observers">
        <Plural value={chosenCount} one="# observer chosen as recipient." other="# observers chosen as recipients." />
      </Text>
    ) : null;

  if (loadingChosen) return <ListLoading />;
  if (result) return <NotificationSent result={result} webPush={delivery?.webPush ?? false} onNew={() => actor.send({ type: "compose.new" })} />;

  return (
    <Stack gap="md">
      {chosen}
      {warning ? (
        <Alert color="yellow" role="note" data-testid="outbox-warning">
          {i18n._(warning)}
        </Alert>
      ) : null}
      <TextInput
        label={t({ message: "Title", comment: "Label: the title of a notification" })}
        required
        maxLength={200}
        value={draft.title}
        disabled={!editable}
        onChange={(event) => actor.send({ type: "draft.change", field: "title", value: event.currentTarget.value })}
      />
      <Textarea
        label={t({ message: "Message", comment: "Label: the text of a notification" })}
        required
        maxLength={1000}
        autosize
        minRows={3}
        value={draft.message}
        disabled={!editable}
        onChange={(event) => actor.send({ type: "draft.change", field: "message", value: event.currentTarget.value })}
      />
      <Text size="sm" c="dimmed">
        <Trans comment="The channel and sender of every notification">
          Channel: {CHANNEL} · From: {SENDER}
        </Trans>
      </Text>
      <NotificationSearch
        criteria={criteria}
        counties={counties}
        countiesLoading={countiesLoading}
        searching={searching}
        disabled={!editable}
        onCountyChange={(countyCode) => actor.send({ type: "county.change", countyCode })}
        onStationsChange={(from, to) => actor.send({ type: "stations.change", from, to })}
        onMatchChange={(assigned) => actor.send({ type: "match.change", assigned })}
        onSearch={() => actor.send({ type: "search.submit" })}
        onReset={() => actor.send({ type: "search.reset" })}
      />
      {loadError ? (
        <NotificationLoadError error={loadError} onRetry={criteria.countyCode === null ? undefined : () => actor.send({ type: "search.submit" })} />
      ) : null}
      <NotificationCandidates
        found={found}
        selection={selection}
        disabled={!editable}
        onToggle={(id) => actor.send({ type: "selection.toggle", id })}
        onSelectAll={() => actor.send({ type: "selection.selectAll" })}
        onDeselectAll={() => actor.send({ type: "selection.clear" })}
      />
      {selection.length > 0 ? <NotificationReach reach={reach} testId="selected-reach" /> : null}
      {incomplete ? (
        <Alert color="red" role="alert" data-testid="incomplete">
          {i18n._(composerMessages.incomplete)}
        </Alert>
      ) : null}
      {sendError ? (
        <NotificationSendFailed
          error={sendError}
          canRetry={canRetry}
          onRetry={() => actor.send({ type: "send.retry" })}
          onEdit={() => actor.send({ type: "compose.edit" })}
        />
      ) : null}
      <Group>
        <Button color={canSendSelected ? "green" : "gray"} disabled={!editable} onClick={() => actor.send({ type: "send.selected", key: newIdempotencyKey() })}>
          <Plural value={selection.length} one="Send to # selected observer" other="Send to # selected observers" comment="Button: send the notification to the selected observers" />
        </Button>
        <Button color={draftComplete ? "green" : "gray"} disabled={!editable} onClick={() => actor.send({ type: "send.all", key: newIdempotencyKey() })}>
          <Trans comment="Button: send the notification to every observer">Send to all</Trans>
        </Button>
      </Group>
      <NotificationSendConfirm
        opened={confirming}
        audience={audience}
        reach={reach}
        warning={warning}
        sending={sending}
        onConfirm={() => actor.send({ type: "send.confirm" })}
        onCancel={() => actor.send({ type: "send.cancel" })}
      />
    </Stack>
  );
}
