import { Progress, Stack, Text } from "@mantine/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";

interface StationImportProgressProps {
  /** What runs: the dry run, or the import of `stations` stations. */
  step: "checking" | "committing";
  stations: number;
  /** How much of the file has gone up, while the browser tells it; null before its first report. */
  percent: number | null;
}

/**
 * The upload's progress, then the server's work: the file goes up (a bar by the percentage), then the server reads
 * and compares or saves it (a moving bar, since it reports nothing until it answers).
 */
export function StationImportProgress({ step, stations, percent }: StationImportProgressProps) {
  const { t } = useLingui();
  const uploading = percent !== null && percent < 100;
  return (
    <Stack gap="xs" maw={720} role="status" data-testid="station-import-progress">
      <Text fw={500}>
        {step === "checking" ? (
          <Trans>Checking the file…</Trans>
        ) : (
          <Plural value={stations} one="Importing # station…" other="Importing # stations…" />
        )}
      </Text>
      <Progress
        value={uploading ? percent : 100}
        animated={!uploading}
        striped={!uploading}
        aria-label={t({ message: "Progress of the import", comment: "Accessible name of the import's progress bar" })}
      />
      <Text size="sm" c="dimmed">
        {uploading ? (
          <Trans>Uploading the file: {percent}%</Trans>
        ) : step === "checking" ? (
          <Trans>The server compares the file with the registry; nothing is saved yet.</Trans>
        ) : (
          <Trans>The server saves the stations, all or none. Stay on this page until it is done.</Trans>
        )}
      </Text>
    </Stack>
  );
}
