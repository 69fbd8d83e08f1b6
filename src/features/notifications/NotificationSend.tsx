import { Plural, Trans } from "@lingui/react/macro";
import { Text } from "@mantine/core";
import { useSearchParams } from "react-router";
import { ComingSoonPage } from "../../shared/ui/ComingSoonPage";

/** The observer ids another page chose as recipients (`?observerIds=1,2,3`); anything else is ignored. */
function readObserverIds(value: string | null): number[] {
  if (!value) return [];
  return value
    .split(",")
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
}

export function NotificationSend() {
  const [searchParams] = useSearchParams();
  const count = readObserverIds(searchParams.get("observerIds")).length;
  return (
    <ComingSoonPage title={<Trans id="NOTIFICATIONS">Notifications</Trans>}>
      {count > 0 ? (
        <Text mt="sm" role="status" data-testid="chosen-observers">
          <Plural value={count} one="# observer chosen as recipient." other="# observers chosen as recipients." />
        </Text>
      ) : null}
    </ComingSoonPage>
  );
}
