import { Checkbox, TextInput } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import type { pageModeMachine } from "../../shared/machines/page-mode.machine";
import * as pageMode from "../../shared/machines/page-mode.selectors";
import type { NgoField } from "./ngo-profile.form";
import { selectNgoDraft, selectNgoProblems } from "./ngo-profile.selectors";
import { ngoFieldProblemMessage } from "./ngos.messages";
import { ProfileForm } from "../../shared/ui/ProfileForm";

interface NgoFormProps {
  actor: ActorRefFrom<typeof pageModeMachine>;
  onEdit: () => void;
}

/** The NGO's name, short name and flags, with the page's Save / Cancel / Edit / Delete actions; the draft lives in the page's machine. */
export function NgoForm({ actor, onEdit }: NgoFormProps) {
  const { t } = useLingui();
  const mode = useSelector(actor, pageMode.selectMode);
  const draft = useSelector(actor, selectNgoDraft);
  const problems = useSelector(actor, selectNgoProblems);
  const touched = useSelector(actor, pageMode.selectTouched);
  const busy = useSelector(actor, pageMode.selectIsBusy);
  const viewing = mode === "viewing";
  const disabled = viewing || busy;

  const change = (field: NgoField, value: string | boolean) => actor.send({ type: "field.change", field, value });
  const textProps = (field: "name" | "shortName") => ({
    value: draft[field],
    onChange: (event: { currentTarget: { value: string } }) => change(field, event.currentTarget.value),
    onBlur: () => actor.send({ type: "field.blur", field }),
    error: problems[field] && touched.includes(field) ? t(ngoFieldProblemMessage(problems[field])) : null,
    required: true,
    autoComplete: "off",
    disabled,
  });
  const flagProps = (field: "organizer" | "isActive") => ({
    checked: draft[field],
    onChange: (event: { currentTarget: { checked: boolean } }) => change(field, event.currentTarget.checked),
    disabled,
  });

  return (
    <ProfileForm actor={actor} onEdit={onEdit}>
        <TextInput label={t({ id: "NAME", message: "Name" })} data-autofocus autoFocus={!viewing} {...textProps("name")} />
        <TextInput label={t({ message: "Short name", comment: "Column: the NGO's short name or acronym" })} {...textProps("shortName")} />
        <Checkbox label={t({ message: "Organizer", comment: "Column: whether the NGO organizes the observation" })} {...flagProps("organizer")} />
        <Checkbox label={t({ message: "Active", comment: "Column: whether the NGO is active (its people can sign in)" })} {...flagProps("isActive")} />
    </ProfileForm>
  );
}
