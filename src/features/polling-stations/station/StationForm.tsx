import { Select, SimpleGrid, TextInput } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { pageModeMachine } from "../../../shared/machines/page-mode.machine";
import * as pageMode from "../../../shared/machines/page-mode.selectors";
import { ProfileForm } from "../../../shared/ui/ProfileForm";
import { countyOption } from "../counties.actors";
import { fieldLabels } from "../polling-stations.messages";
import type { County } from "../polling-stations.types";
import { STATION_TEXT_LIMITS, type StationFormField } from "./station-form";
import { selectStationDraft, selectStationProblems } from "./station-edit.selectors";
import { fieldProblemMessage } from "./station.messages";

interface StationFormProps {
  actor: ActorRefFrom<typeof pageModeMachine>;
  counties: County[];
  countiesLoading: boolean;
}

/** A station's facts with Save, Cancel and Discard changes; the draft lives in the page's machine. */
export function StationForm({ actor, counties, countiesLoading }: StationFormProps) {
  const { t, i18n } = useLingui();
  const draft = useSelector(actor, selectStationDraft);
  const problems = useSelector(actor, selectStationProblems);
  const touched = useSelector(actor, pageMode.selectTouched);
  const error = useSelector(actor, pageMode.selectError);
  const busy = useSelector(actor, pageMode.selectIsBusy);

  /** The server's verdict on the field first (until the field changes), else the browser's once the field was visited. */
  function problemOf(field: StationFormField) {
    const serverCode = error?.fieldErrors[field]?.[0];
    if (serverCode) return t(fieldProblemMessage(field, serverCode));
    const problem = problems[field];
    return problem && touched.includes(field) ? t(fieldProblemMessage(field, problem)) : null;
  }
  const change = (field: StationFormField, value: string) => actor.send({ type: "field.change", field, value });
  const textProps = (field: StationFormField) => ({
    label: i18n._(fieldLabels[field === "countyCode" ? "county" : field]),
    value: draft[field],
    onChange: (event: { currentTarget: { value: string } }) => change(field, event.currentTarget.value),
    onBlur: () => actor.send({ type: "field.blur", field }),
    error: problemOf(field),
    disabled: busy,
    autoComplete: "off",
  });

  return (
    <ProfileForm actor={actor} onEdit={() => {}} deletable={false}>
      <Select
        {...textProps("countyCode")}
        onChange={(code) => change("countyCode", code ?? "")}
        data={counties.map(countyOption)}
        value={draft.countyCode || null}
        searchable
        required
        data-autofocus
        autoFocus
        disabled={busy || (countiesLoading && counties.length === 0)}
        nothingFoundMessage={t({ message: "No county found", comment: "The county search matched nothing" })}
      />
      <TextInput {...textProps("number")} required inputMode="numeric" />
      <TextInput {...textProps("locality")} maxLength={STATION_TEXT_LIMITS.locality} />
      <TextInput
        {...textProps("institution")}
        maxLength={STATION_TEXT_LIMITS.institution}
        description={t({ message: "The building's name, such as a school", comment: "Help under the institution field of a polling station" })}
      />
      <TextInput {...textProps("address")} maxLength={STATION_TEXT_LIMITS.address} />
      <TextInput {...textProps("registeredVoters")} inputMode="numeric" />
      <SimpleGrid cols={2}>
        <TextInput {...textProps("latitude")} inputMode="decimal" />
        <TextInput {...textProps("longitude")} inputMode="decimal" />
      </SimpleGrid>
    </ProfileForm>
  );
}
