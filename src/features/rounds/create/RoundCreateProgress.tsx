import { Loader, Progress, Stack, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { selectDraft, selectRunningStep, type RoundCreateActor } from "./round-create.selectors";
import { normalName } from "./round-draft";

/** While the round is made (one transaction on the server) and, when asked, started: which step of how many. */
export function RoundCreateProgress({ wizard }: { wizard: RoundCreateActor }) {
  const { step, index, total } = useSelector(wizard, selectRunningStep);
  const name = normalName(useSelector(wizard, selectDraft)!.name);
  return (
    <Stack gap="sm" data-testid="round-progress">
      <Progress value={((index - 1) / total) * 100 + 100 / total / 2} animated striped aria-hidden />
      <Text role="status" aria-live="polite">
        <Loader size="xs" mr="xs" />
        {step === "create" ? (
          <Trans>
            Step {index} of {total}: creating {name} and copying what was chosen…
          </Trans>
        ) : (
          <Trans>
            Step {index} of {total}: starting {name}…
          </Trans>
        )}
      </Text>
    </Stack>
  );
}
