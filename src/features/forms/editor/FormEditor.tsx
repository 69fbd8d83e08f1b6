import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { Stack, VisuallyHidden } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import { useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../../api/api-context";
import { paths } from "../../../shared/paths";
import { ListLoadError } from "../../../shared/ui/ListLoadError";
import { ListLoading } from "../../../shared/ui/ListLoading";
import { announceSuccess } from "../../../shared/ui/toasts";
import { usePageActor } from "../../../shared/use-page-actor";
import { EditorToolsContext, ProblemsContext, ReadOnlyContext, type EditorTools } from "./editor-context";
import { editorSessionState } from "./editor-session";
import { ConflictNotice, PublishDialog, RestoreOffer, SaveFailure, UnpublishDialog } from "./EditorNotices";
import { EditorTabs } from "./EditorTabs";
import { EditorToolbar } from "./EditorToolbar";
import { createFormEditorActors, readWorkingCopy, workingCopyActor } from "./form-editor.actors";
import { connect, sameEditorApi } from "./form-editor.connect";
import { BLANK_FORM } from "./form-editor.convert";
import { editorFailureMessage } from "./form-editor.messages";
import { formEditorMachine } from "./form-editor.machine";
import { fieldId } from "./form-validation";
import { LeaveDialog } from "./LeaveDialog";
import { ProblemSummary } from "./ProblemSummary";
import { useLeaveBlocker } from "./use-leave-blocker";

let keySequence = 0;
/** Keys only need to be unique within this tab; a prefix keeps them apart from the server-made ones (`s12`, `q7`). */
const newKey = () => `n${Date.now().toString(36)}${(keySequence++).toString(36)}`;

/** Focus after React has put the element on screen (a new card, a moved item). */
function focusSoon(id: string) {
  requestAnimationFrame(() => requestAnimationFrame(() => document.getElementById(id)?.focus()));
}

interface FormEditorProps {
  /** The route's id when this render happened: null until a new form's first save has moved the route. */
  formId: number | null;
  /** This editing session (FormEditorPage): a new form's first save moves the address and carries the session along. */
  session: string;
}

function useFormEditorActor({ formId, session }: FormEditorProps) {
  const api = useApi();
  const navigate = useNavigate();
  const { t } = useLingui();
  // Read once: the input only counts when the actor starts, and parsing a long form's copy on every keystroke shows.
  const [stored] = useState(() => readWorkingCopy(localStorage, formId));
  return usePageActor(
    formEditorMachine,
    {
      actors: { ...createFormEditorActors(api), workingCopy: workingCopyActor(localStorage) },
      actions: {
        onSaved: (_, { form, published }) => {
          if (published) {
            announceSuccess(t`The form has been published`);
            void navigate(paths.forms.href());
            return;
          }
          announceSuccess(t`The draft has been saved`);
          // The address follows a new form (a reload then opens it), and this session goes on there, its undo history intact.
          if (formId === null) void navigate(paths.form.href(form.id), { replace: true, state: editorSessionState(session) });
        },
      },
    },
    { input: { formId, blank: BLANK_FORM, stored } },
  );
}

/** The form editor: every edit is a command of the editor's statechart, which also saves, publishes and keeps the working copy. */
export function FormEditor(props: FormEditorProps) {
  const { t, i18n } = useLingui();
  const actor = useFormEditorActor(props);
  // What the view shows, read through `connect`: an event that changes none of it (most keystrokes) renders nothing here.
  const editor = useSelector(actor, (snapshot) => connect(snapshot, actor.send), sameEditorApi);
  const leave = useLeaveBlocker(actor, editor.warnsOnUnload);
  const [announcement, setAnnouncement] = useState("");

  const tools = useMemo<EditorTools>(
    () => ({
      edit: editor.edit,
      newKey,
      // The same text twice in a row would not be read again: a zero-width change makes it new.
      announce: (message) => setAnnouncement((previous) => (previous === message ? `${message}\u200b` : message)),
      focusSoon,
    }),
    [editor.edit],
  );
  // Every card reads this map from context; the machine keeps the same problem list while the problems stay the same
  // (none, most of the time), so a keystroke does not render all 300 cards of a long form again.
  const problemsById = useMemo(() => new Map(editor.problems.map((problem) => [fieldId(problem.at), problem])), [editor.problems]);

  useWindowEvent("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.defaultPrevented) return;
    const key = event.key.toLowerCase();
    const redo = (key === "z" && event.shiftKey) || key === "y";
    if (key !== "z" && !redo) return;
    event.preventDefault();
    if (redo) editor.redo();
    else editor.undo();
    setAnnouncement(redo ? t`Redone` : t`Undone`);
  });

  if (editor.screen === "loading") return <ListLoading />;
  if (editor.screen === "loadFailed") {
    const { error, onRetry } = editor.getLoadErrorProps();
    return <ListLoadError reason={error ? editorFailureMessage(i18n, error) : ""} onRetry={onRetry} />;
  }

  const problemSummary = editor.getProblemSummaryProps();
  const leaveDialog = editor.getLeaveDialogProps();
  return (
    <EditorToolsContext value={tools}>
      <ReadOnlyContext value={editor.readOnly}>
        <ProblemsContext value={problemsById}>
          <Stack gap="md" maw={1100}>
            <EditorToolbar {...editor.getToolbarProps()} />
            {editor.offersRestore ? <RestoreOffer {...editor.getRestoreOfferProps()} /> : null}
            {editor.showsConflict ? (
              <ConflictNotice {...editor.getConflictNoticeProps()} />
            ) : editor.saveFailure ? (
              <SaveFailure error={editor.saveFailure} />
            ) : null}
            {problemSummary ? <ProblemSummary {...problemSummary} onFocusField={focusSoon} /> : null}
            <EditorTabs actor={actor} />
          </Stack>
          <VisuallyHidden role="status" aria-live="polite">
            {announcement}
          </VisuallyHidden>
          <PublishDialog {...editor.getPublishDialogProps()} />
          <UnpublishDialog {...editor.getUnpublishDialogProps()} />
          {/* The machine is told, then the router: it drops the held navigation, or lets it go on. */}
          <LeaveDialog
            opened={leaveDialog.opened}
            onStay={() => {
              leaveDialog.onStay();
              leave.stayHere();
            }}
            onLeave={() => {
              leaveDialog.onLeave();
              leave.goOn();
            }}
          />
        </ProblemsContext>
      </ReadOnlyContext>
    </EditorToolsContext>
  );
}
