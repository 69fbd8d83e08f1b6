import { Select, Stack } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../api/api-context";
import { resourceMachine } from "../../shared/machines/resource.machine";
import { selectIsLoading, selectLoadError } from "../../shared/machines/resource.selectors";
import { ListLoadError } from "../../shared/ui/ListLoadError";
import { LoadFailureText } from "../../shared/ui/LoadFailureText";
import { usePageActor } from "../../shared/use-page-actor";
import { createImportNgoLoader, selectImportNgoOptions } from "./observer-import.ngos";

interface ObserverImportNgoSelectProps {
  /** The chosen NGO's id as the import machine holds it ("" when none). */
  value: string;
  disabled: boolean;
  onChange: (ngoId: string) => void;
}

/** An organizer's choice of the NGO the observers join, by name: type to narrow the list, arrows and Enter to pick. */
export function ObserverImportNgoSelect({ value, disabled, onChange }: ObserverImportNgoSelectProps) {
  const { t } = useLingui();
  const ngos = usePageActor(resourceMachine, createImportNgoLoader(useApi()));
  const options = useSelector(ngos, selectImportNgoOptions);
  const loading = useSelector(ngos, selectIsLoading);
  const error = useSelector(ngos, selectLoadError);

  return (
    <Stack gap="xs">
      <Select
        label={t({ id: "NGO", message: "NGO" })}
        placeholder={t({ message: "Choose an NGO", comment: "Placeholder of the NGO select of the observers import" })}
        required
        searchable
        allowDeselect={false}
        data={options}
        value={value === "" ? null : value}
        onChange={(chosen) => onChange(chosen ?? "")}
        disabled={disabled || loading || error !== null}
        nothingFoundMessage={t({ message: "No NGO found", comment: "The NGO search of the observers import matched nothing" })}
      />
      {error ? (
        <ListLoadError
          reason={
            <LoadFailureText
              error={error}
              words={{
                forbidden: <Trans>You are not allowed to see the NGOs.</Trans>,
                failed: <Trans>The NGOs could not be loaded. Try again.</Trans>,
                failedWithStatus: (status) => <Trans>The NGOs could not be loaded (error {status}). Try again.</Trans>,
              }}
            />
          }
          onRetry={() => ngos.send({ type: "resource.retry" })}
        />
      ) : null}
    </Stack>
  );
}
