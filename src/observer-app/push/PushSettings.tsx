import { Trans } from "@lingui/react/macro";
import { Button, Card, Stack, Text } from "@mantine/core";
import { useActorRef, useSelector } from "@xstate/react";
import { useServices } from "../app/services-context";
import { createPushSubscriptionActors } from "./push-subscription.actors";
import { pushSubscriptionMachine, type PushFailure } from "./push-subscription.machine";

/** Turns pushed notifications on or off on this phone, saying what the phone allows. */
export function PushSettings() {
  const { api } = useServices();
  const actor = useActorRef(pushSubscriptionMachine.provide({ actors: createPushSubscriptionActors(api) }));
  const phase = useSelector(actor, (snapshot) => snapshot.value);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  if (phase === "checking") return null;
  return (
    <Card withBorder padding="sm" data-push-phase={phase}>
      <Stack gap="xs">
        {phase === "unsupported" ? (
          <Text size="sm">
            <Trans>This phone's browser cannot show pushed notifications here (on an iPhone, add the app to the home screen first). Messages still arrive in this list at every sync.</Trans>
          </Text>
        ) : null}
        {phase === "denied" ? (
          <Text size="sm">
            <Trans>Notifications are blocked for this app in the phone's settings. Messages still arrive in this list at every sync.</Trans>
          </Text>
        ) : null}
        {phase === "off" || phase === "subscribing" ? (
          <>
            <Text size="sm">
              <Trans>Get a notification on this phone as soon as a message is sent, even with the app closed.</Trans>
            </Text>
            <Button onClick={() => actor.send({ type: "push.enable" })} loading={phase === "subscribing"}>
              <Trans>Turn on notifications</Trans>
            </Button>
          </>
        ) : null}
        {phase === "on" || phase === "unsubscribing" ? (
          <>
            <Text size="sm">
              <Trans>Notifications are on for this phone.</Trans>
            </Text>
            <Button variant="default" onClick={() => actor.send({ type: "push.disable" })} loading={phase === "unsubscribing"}>
              <Trans>Turn off notifications</Trans>
            </Button>
          </>
        ) : null}
        {failure ? (
          <Text size="sm" c="red.9" role="alert">
            <PushFailureText failure={failure} />
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

function PushFailureText({ failure }: { failure: PushFailure }) {
  switch (failure) {
    case "denied":
      return <Trans>Notifications were not allowed. Messages still arrive in this list at every sync.</Trans>;
    case "not_configured":
      return <Trans>This server does not send pushed notifications. Messages arrive in this list at every sync.</Trans>;
    case "offline":
      return <Trans>There is no network: try again where there is signal.</Trans>;
    case "subscribe_failed":
      return <Trans>This phone's browser could not turn notifications on. Messages still arrive in this list at every sync.</Trans>;
  }
}
