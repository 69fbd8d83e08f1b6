import { useMemo, useRef, useState, type RefObject } from "react";
import { useNavigate } from "react-router";
import { Stack, VisuallyHidden } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import { useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useApi } from "../../../api/api-context";
import { paths } from "../../../shared/paths";
import { ListLoadError } from "../../../shared/ui/ListLoadError";
import { ListLoading } from "../../../shared/ui/ListLoading";
import { LeaveGuard } from "../../../shared/ui/LeaveGuard";
import { announceSuccess } from "../../../shared/ui/toasts";
import { usePageActor } from "../../../shared/use-page-actor";
import { EditorToolsContext, ProblemsContext, ReadOnlyContext, type EditorTools } from "./editor-context";
import { ConflictNotice, PublishDialog, RestoreOffer, SaveFailure, UnpublishDialog } from "./EditorNotices";
import { EditorTabs } from "./EditorTabs";
import { EditorToolbar } from "./EditorToolbar";
import { createFormEditorActors, readWorkingCopy, workingCopyActor } from "./form-editor.actors";
import { BLANK_FORM } from "./form-editor.convert";
import { editorFailureMessage } from "./form-editor.messages";
import { formEditorMachine } from "./form-editor.machine";
import { selectCanRedo, selectCanUndo, selectDocument, selectIsBusy, selectIsDirty, selectStoredCopy } from "./form-editor.selectors";
import { fieldId, problemsFromServer, validateDocument } from "./form-validation";
import { ProblemSummary } from "./ProblemSummary";

let keySequence = 0;
/** Keys only need to be unique within this tab; a prefix keeps them apart from the server-made ones (`s12`, `q7`). */
const newKey = () => `n${Date.now().toString(36)}${(keySequence++).toString(36)}`;

/** Focus after React has put the element on screen (a new card, a moved item). */
function focusSoon(id: string) {
  requestAnimationFrame(() => requestAnimationFrame(() => document.getElementById(id)?.focus()));
}

interface FormEditorProps {
  formId: number | null;
  /** A new form got its id from its first save: the page keeps this editor when the route follows. */
  onCreated: (id: number) => void;
}

function useFormEditorActor({ formId, onCreated }: FormEditorProps, leavingRef: RefObject<boolean>) {
  // The route's id when this render happened: null until a new form's first save has moved the route.
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
            leavingRef.current = true;
            void navigate(paths.forms.href());
            return;
          }
          announceSuccess(t`The draft has been saved`);
          if (formId !== null) return;
          onCreated(form.id);
          // The address follows the new form; nothing is left unsaved, so the leave guard must not ask.
          leavingRef.current = true;
          void Promise.resolve(navigate(paths.form.href(form.id), { replace: true })).finally(() => {
            leavingRef.current = false;
          });
        },
      },
    },
    { input: { formId, blank: BLANK_FORM, stored } },
  );
}

/** The form editor: every edit is a command of the editor's statechart, which also saves, publishes and keeps the working copy. */
export function FormEditor(props: FormEditorProps) {
  const { t, i18n } = useLingui();
  const leavingRef = useRef(false);
  const actor = useFormEditorActor(props, leavingRef);
  const snapshot = useSelector(actor, (state) => state);
  const document = selectDocument(snapshot);
  const { context } = snapshot;
  const [announcement, setAnnouncement] = useState("");

  const tools = useMemo<EditorTools>(
    () => ({
      edit: (command) => actor.send({ type: "edit.command", command }),
      newKey,
      // The same text twice in a row would not be read again: a zero-width change makes it new.
      announce: (message) => setAnnouncement((previous) => (previous === message ? `${message}\u200b` : message)),
      focusSoon,
    }),
    [actor],
  );

  useWindowEvent("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.defaultPrevented) return;
    const key = event.key.toLowerCase();
    const redo = (key === "z" && event.shiftKey) || key === "y";
    if (key !== "z" && !redo) return;
    event.preventDefault();
    actor.send({ type: redo ? "edit.redo" : "edit.undo" });
    setAnnouncement(redo ? t`Redone` : t`Undone`);
  });

  const busy = selectIsBusy(snapshot);
  const problems = useMemo(() => {
    const own = context.showProblems ? validateDocument(document, context.publishing ? "publish" : "draft") : [];
    const fromServer = context.error?.status === 400 ? problemsFromServer(context.error.fieldErrors, document) : [];
    return [...own, ...fromServer];
  }, [context.showProblems, context.publishing, context.error, document]);
  // Every card reads this map from context: a new one on each keystroke would render all 300 cards of a long form
  // again. It changes only when the problems do (none, most of the time).
  const problemsSignature = problems.map((problem) => `${fieldId(problem.at)}\u0000${problem.code}\u0000${problem.max ?? ""}`).join("\u0001");
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the signature stands for the problems
  const problemsById = useMemo(() => new Map(problems.map((problem) => [fieldId(problem.at), problem])), [problemsSignature]);

  if (snapshot.matches("loading")) return <ListLoading />;
  if (snapshot.matches("failed")) {
    return <ListLoadError reason={context.error ? editorFailureMessage(i18n, context.error) : ""} onRetry={() => actor.send({ type: "load.retry" })} />;
  }

  const stored = selectStoredCopy(snapshot);
  const saving = snapshot.matches("saving") ? (context.publishing ? "publish" : "draft") : null;
  const reviewing = snapshot.matches("reviewing");
  return (
    <EditorToolsContext value={tools}>
      <ReadOnlyContext value={busy}>
        <ProblemsContext value={problemsById}>
          <Stack gap="md" maw={1100}>
            <EditorToolbar
              formId={context.formId}
              published={context.published}
              dirty={selectIsDirty(snapshot)}
              busy={busy || reviewing}
              canUndo={selectCanUndo(snapshot)}
              canRedo={selectCanRedo(snapshot)}
              saving={saving}
              onUndo={() => actor.send({ type: "edit.undo" })}
              onRedo={() => actor.send({ type: "edit.redo" })}
              onSaveDraft={() => actor.send({ type: "form.saveDraft" })}
              onPublish={() => actor.send({ type: "form.publish" })}
            />
            {stored ? <RestoreOffer onRestore={() => actor.send({ type: "copy.restore" })} onDiscard={() => actor.send({ type: "copy.discard" })} /> : null}
            {snapshot.matches("conflict") || snapshot.matches("adoptingVersion") ? (
              <ConflictNotice
                busy={snapshot.matches("adoptingVersion")}
                onReload={() => actor.send({ type: "conflict.reload" })}
                onKeepMine={() => actor.send({ type: "conflict.keepMine" })}
              />
            ) : context.error && context.error.status !== 400 ? (
              <SaveFailure error={context.error} />
            ) : null}
            {problems.length > 0 ? <ProblemSummary problems={problems} document={document} publishing={context.publishing} onFocusField={focusSoon} /> : null}
            <EditorTabs actor={actor} />
          </Stack>
          <VisuallyHidden role="status" aria-live="polite">
            {announcement}
          </VisuallyHidden>
          <PublishDialog
            opened={reviewing || (saving === "publish")}
            published={context.published ? context.saved : null}
            next={document}
            counts={context.answerCounts}
            counting={snapshot.matches({ reviewing: "counting" })}
            busy={saving === "publish"}
            onConfirm={() => actor.send({ type: "review.confirm" })}
            onCancel={() => actor.send({ type: "review.cancel" })}
          />
          <UnpublishDialog
            opened={snapshot.matches("confirmingUnpublish")}
            onConfirm={() => actor.send({ type: "unpublish.confirm" })}
            onCancel={() => actor.send({ type: "unpublish.cancel" })}
          />
          <LeaveGuard dirty={selectIsDirty(snapshot)} leavingRef={leavingRef} onDiscard={() => actor.send({ type: "edit.discard" })} />
        </ProblemsContext>
      </ReadOnlyContext>
    </EditorToolsContext>
  );
}
