/**
 * The forms screens: the list (/formulare), the editor (/formulare/nou, /formulare/:formId) and its preview tab.
 *
 * Unlike the other screens' tables, the words here are the app's messages (Lingui ids and their English source)
 * put through a `Say`: `english` below, or a catalog's translation (browser/forms-catalog.ts reads
 * src/locales/ro/messages.po), so that a label the translator fills or rewords changes in one place.
 */
import { requiredLabel, type Target } from "./locators";

/** A message of the app, in some language: `message` is the English source, `id` the explicit id where it has one. */
export type Say = (message: string, values?: Record<string, string | number>, id?: string) => string;

/** Fills `{name}` placeholders as Lingui does. */
export const interpolate = (text: string, values: Record<string, string | number> = {}) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

export const english: Say = (message, values) => interpolate(message, values);

export interface FormListRow {
  code: string;
  title: string;
  draft: boolean;
  diaspora: boolean;
}

export interface FormList {
  /** The codes of the rows shown, in the order shown. */
  codes(): Promise<string[]>;
  row(code: string): Promise<FormListRow | null>;
  /** Loading, reloading under its rows, or saving a new order. */
  isBusy(): Promise<boolean>;

  addForm(): Promise<void>;
  editRow(code: string): Promise<void>;
  chooseRowAction(code: string, action: string): Promise<void>;
}

export interface FormEditor {
  /** "New form" or "Edit form". */
  heading(): Promise<string | null>;
  /** The form's own fields, null until the form is on screen. */
  details(): Promise<{ title: string; code: string; diaspora: boolean } | null>;
  /** The section titles, in order. */
  sectionTitles(): Promise<string[]>;
  /** The question codes of the section at `section` (0-based), in order. */
  questionCodes(section: number): Promise<string[]>;
  /** The options of the question named `question` (its code): text and flags, in order. */
  options(question: string): Promise<{ text: string; flagged: boolean; isFreeText: boolean }[]>;
  /** Whether the offer to restore unsaved work, the stale-save notice, the "Unsaved changes" badge are on screen. */
  offersRestore(): Promise<boolean>;
  showsConflict(): Promise<boolean>;
  showsUnsaved(): Promise<boolean>;
}

/** Every word the forms screens show that the journeys read or act on. */
export function formWords(say: Say = english) {
  return {
    forms: say("Forms", {}, "FORMS"),
    addForm: say("Add form"),
    edit: say("Edit", {}, "EDIT"),
    delete: say("Delete", {}, "DELETE"),
    moveForm: (code: string) => say("Move form {code}", { code }),
    moreActionsForForm: (code: string) => say("More actions for form {code}", { code }),
    savingOrder: say("Saving the new order…"),
    draftIcon: say("Draft"),
    diasporaIcon: say("Diaspora only"),

    newForm: say("New form", {}, "NEW_FORM"),
    editForm: say("Edit form", {}, "FORM_EDIT"),
    backToForms: say("← Back to forms"),
    formTitle: say("Form title"),
    formCode: say("Form code"),
    onlyDiaspora: say("Only diaspora"),
    addSection: say("Add section"),
    section: (name: string) => say("Section {name}", { name }),
    sectionTitle: say("Section title"),
    sectionCode: say("Section code"),
    addQuestion: say("Add question"),
    question: (name: string) => say("Question {name}", { name }),
    questionCode: say("Question code"),
    questionText: say("Question text"),
    questionType: say("Question type"),
    questionTypes: {
      multiple: say("Multiple choice"),
      single: say("Single choice"),
      singleWithText: say("Single choice with text"),
      multipleWithText: say("Multiple choice with text"),
    },
    addOption: say("Add option"),
    option: (position: number | string) => say("Option {position}", { position }),
    optionText: say("Option text"),
    freeText: say("Free text"),
    flagged: say("Flagged (urgent)"),
    addPredefined: say("Add predefined options"),
    predefinedTitle: say("Predefined options"),
    predefined: { yes: say("Yes"), no: say("No"), dontKnow: say("Don't know") },
    add: say("Add"),
    /** The drag handle of an item: `kind` is the item's own word ("section Procesul de vot", "question B1.1"). */
    move: (kind: "section" | "question" | "option", name: string) => say("Move {name}", { name: say(`${kind} {0}`, { 0: name }) }),
    sectionActions: (name: string) => say("Actions for section {name}", { name }),
    questionActions: (name: string) => say("Actions for question {name}", { name }),
    moveUp: say("Move up"),
    moveDown: say("Move down"),
    undo: say("Undo"),
    redo: say("Redo"),
    saveDraft: say("Save draft"),
    publish: say("Publish"),
    publishChanges: say("Publish changes"),
    publishTitle: say("Publish this form?"),
    /** The review dialog's own button. */
    publishConfirm: say("Publish"),
    unsaved: say("Unsaved changes"),
    restoreTitle: say("Unsaved work found"),
    restore: say("Restore my changes"),
    discard: say("Discard them"),
    conflictTitle: say("Someone else saved this form"),
    keepMine: say("Keep my changes"),
    loadTheirs: say("Load their version"),
    draftSaved: say("The draft has been saved"),
    published: say("The form has been published"),
    editTab: say("Edit"),
    previewTab: say("Preview"),
    previewLanguage: say("Preview language"),
    urgent: say("This answer will be marked urgent"),
  };
}

export type FormWords = ReturnType<typeof formWords>;

/** A whole accessible name built from a message with one placeholder, as a pattern matching any value. */
function namePattern(template: (value: string) => string): RegExp {
  const [before, after] = template("\u0001").split("\u0001") as [string, string];
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escape(before)}.+${escape(after)}$`);
}

export const formListControls = (words: FormWords) => ({
  title: { role: "heading", level: 1 } satisfies Target,
  table: { role: "table", name: words.forms } satisfies Target,
  rowHeader: (code?: string) => ({ role: "rowheader", name: code }) satisfies Target,
  cell: { role: "cell" } satisfies Target,
  addForm: { role: "link", name: words.addForm } satisfies Target,
  edit: { role: "link", name: words.edit } satisfies Target,
  handle: (code: string) => ({ role: "button", name: words.moveForm(code) }) satisfies Target,
  rowMenu: (code: string) => ({ role: "button", name: words.moreActionsForForm(code) }) satisfies Target,
  menuItem: (action: string) => ({ role: "menuitem", name: action }) satisfies Target,
  draftIcon: { role: "img", name: words.draftIcon } satisfies Target,
  diasporaIcon: { role: "img", name: words.diasporaIcon } satisfies Target,
  savingOrder: { text: words.savingOrder } satisfies Target,
  loading: { testId: "list-loading" } satisfies Target,
});

export const formEditorControls = (words: FormWords) => ({
  heading: { role: "heading", level: 1 } satisfies Target,
  formTitle: { label: requiredLabel(words.formTitle) } satisfies Target,
  formCode: { label: requiredLabel(words.formCode) } satisfies Target,
  onlyDiaspora: { role: "checkbox", name: words.onlyDiaspora } satisfies Target,
  addSection: { role: "button", name: words.addSection } satisfies Target,
  /** A section card; without a name, every one. */
  section: (name?: string) => ({ role: "region", name: name === undefined ? namePattern(words.section) : words.section(name) }) satisfies Target,
  sectionTitle: { label: requiredLabel(words.sectionTitle) } satisfies Target,
  sectionCode: { label: requiredLabel(words.sectionCode) } satisfies Target,
  addQuestion: { role: "button", name: words.addQuestion } satisfies Target,
  question: (name?: string) => ({ role: "group", name: name === undefined ? namePattern(words.question) : words.question(name) }) satisfies Target,
  questionCode: { label: requiredLabel(words.questionCode) } satisfies Target,
  questionText: { label: requiredLabel(words.questionText) } satisfies Target,
  questionType: { role: "combobox", name: words.questionType } satisfies Target,
  typeOption: (type: string) => ({ role: "option", name: type }) satisfies Target,
  addOption: { role: "button", name: words.addOption } satisfies Target,
  option: (position?: number) => ({ role: "group", name: position === undefined ? namePattern(words.option) : words.option(position) }) satisfies Target,
  optionText: { role: "textbox", name: words.optionText } satisfies Target,
  freeText: { role: "switch", name: words.freeText } satisfies Target,
  flagged: { role: "switch", name: words.flagged } satisfies Target,
  addPredefined: { role: "button", name: words.addPredefined } satisfies Target,
  predefinedDialog: { role: "dialog", name: words.predefinedTitle } satisfies Target,
  checkbox: (name: string) => ({ role: "checkbox", name }) satisfies Target,
  radio: (name: string) => ({ role: "radio", name }) satisfies Target,
  add: { role: "button", name: words.add } satisfies Target,
  move: (kind: "section" | "question" | "option", name: string) => ({ role: "button", name: words.move(kind, name) }) satisfies Target,
  sectionActions: (name: string) => ({ role: "button", name: words.sectionActions(name) }) satisfies Target,
  questionActions: (name: string) => ({ role: "button", name: words.questionActions(name) }) satisfies Target,
  menuItem: (name: string) => ({ role: "menuitem", name }) satisfies Target,
  undo: { role: "button", name: words.undo } satisfies Target,
  redo: { role: "button", name: words.redo } satisfies Target,
  saveDraft: { role: "button", name: words.saveDraft } satisfies Target,
  publish: { role: "button", name: new RegExp(`^(${words.publish}|${words.publishChanges})$`) } satisfies Target,
  publishDialog: { role: "dialog", name: words.publishTitle } satisfies Target,
  publishConfirm: { role: "button", name: words.publishConfirm } satisfies Target,
  unsaved: { text: words.unsaved } satisfies Target,
  restoreOffer: { text: words.restoreTitle } satisfies Target,
  restore: { role: "button", name: words.restore } satisfies Target,
  discard: { role: "button", name: words.discard } satisfies Target,
  conflict: { text: words.conflictTitle } satisfies Target,
  keepMine: { role: "button", name: words.keepMine } satisfies Target,
  editTab: { role: "tab", name: words.editTab } satisfies Target,
  previewTab: { role: "tab", name: words.previewTab } satisfies Target,
  preview: { testId: "form-preview" } satisfies Target,
  urgent: { text: words.urgent } satisfies Target,
});
