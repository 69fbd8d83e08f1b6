import { staffAct } from "../audit/record.ts";
import { scopeOf } from "../auth/scope.ts";
import { json, noContent, type AdminHandlers, type Handlers, type JsonResponseOf, roundIdOf } from "../http/handler.ts";
import { countFormAnswers } from "./answer-counts.ts";
import { fileName, readFormFile, toFormFile } from "./form-file.ts";
import { findForm, listFormSummaries } from "./read.ts";
import { deleteForm } from "./remove.ts";
import { reorderForms } from "./order.ts";
import { saveForm } from "./save.ts";
import { audienceOf, organizersIn } from "./visibility.ts";

/** Reads that observers make too (the mobile app downloads published forms). */
export const formHandlers: Handlers = {
  listForms: async ({ query, principal, round, deps }) => {
    const formVersions = await listFormSummaries(deps.db, audienceOf(principal, roundIdOf(round)), { draft: query.draft, diaspora: query.diaspora });
    return json(200, { formVersions } satisfies JsonResponseOf<"listForms", 200>);
  },

  getForm: async ({ path, principal, round, deps }) =>
    json(200, (await findForm(deps.db, audienceOf(principal, roundIdOf(round)), path.id)) satisfies JsonResponseOf<"getForm", 200>),
};

/** Admin-only: the writes (organizers only; forms are shared by every NGO) and the answer counts an editor shows. */
export const formAdminHandlers: AdminHandlers = {
  getFormAnswerCounts: async ({ path, admin, round, deps }) =>
    json(
      200,
      (await countFormAnswers(deps.db, audienceOf(admin, roundIdOf(round)), scopeOf(admin), path.id)) satisfies JsonResponseOf<"getFormAnswerCounts", 200>,
    ),

  saveForm: async ({ body, admin, round, deps }) => {
    const { form, created } = await saveForm(deps.db, roundIdOf(round), body, staffAct(admin, deps.clock), "editor");
    return created ? json(201, form satisfies JsonResponseOf<"saveForm", 201>) : json(200, form satisfies JsonResponseOf<"saveForm", 200>);
  },

  deleteForm: async ({ query, admin, round, deps }) => {
    await deleteForm(deps.db, roundIdOf(round), query.formId, staffAct(admin, deps.clock));
    return noContent();
  },

  exportForm: async ({ path, round, deps }) => {
    const form = await findForm(deps.db, organizersIn(roundIdOf(round)), path.id);
    return json(200, toFormFile(form) satisfies JsonResponseOf<"exportForm", 200>, {
      "content-disposition": `attachment; filename="${fileName(form.code)}"`,
    });
  },

  importForm: async ({ body, admin, round, deps }) => {
    const { input, filledIn } = readFormFile(body);
    const { form } = await saveForm(deps.db, roundIdOf(round), input, staffAct(admin, deps.clock), "file");
    return json(201, { ...form, filledIn } satisfies JsonResponseOf<"importForm", 201>);
  },

  reorderForms: async ({ body, admin, round, deps }) => {
    await reorderForms(deps.db, roundIdOf(round), body.formIds, staffAct(admin, deps.clock));
    return noContent();
  },
};
