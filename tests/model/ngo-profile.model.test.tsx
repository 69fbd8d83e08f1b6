import { expect, it } from "vitest";
import { ApiError } from "../../src/api/problem";
import { ngoBlankDraft, ngoDraftStorage, ngoPageLogic } from "../../src/features/ngos/ngo-profile.form";
import type { Ngo } from "../../src/features/ngos/ngos.actors";
import { ngoProfiles, ORGANIZER } from "../support/seeds/ngos.seed";
import { describePageModeModel, normalized } from "../support/page-mode-conformance";
import { askBeforeTests, type TestDb } from "../support/test-server";
import { ngoProfile } from "../pages/dom/ngo-profile";
import { eventually } from "../pages/locators";
import { NGO_PROFILE_WORDS } from "../pages/ngo-profile";
import { ngoRoutes } from "../../src/features/ngos/ngo.routes";

/*
 * The NGO profile on the real server: ngoProfiles' NGO 3, empty, so the server lets it go, its name stored before
 * names were normalized (an inner double space), so the server's answer to a save differs from the draft sent
 * and the page must show the answer. The explored edit
 * (the short name) never makes the server refuse a save, so last_organizer is the test's answer, as are the 503s
 * on load and delete: no server state gives them.
 */

async function anNgoNamedLong(db: TestDb) {
  await ngoProfiles(db);
  await db.updateTable("ngo").set({ name: "Asociația  Pro Democrația" }).where("id", "=", 3).execute();
}

const [ngo] = await askBeforeTests(anNgoNamedLong, ORGANIZER, ["/api/v1/ngo/3"]);
const apd = ngo as Ngo;
const lastOrganizer = new ApiError({ status: 409, code: "last_organizer", title: "The last organizer" });
const unavailable = new ApiError({ status: 503, code: "unavailable", title: "Unavailable" });

const paths = describePageModeModel({
  name: "/ong",
  page: ngoProfile,
  fixtures: {
    logic: ngoPageLogic,
    blank: ngoBlankDraft,
    seed: anNgoNamedLong,
    account: ORGANIZER,
    routes: { creating: "/ong/new", viewing: "/ong/view/3", editing: "/ong/edit/3" },
    features: [ngoRoutes],
    // The spec sends the user to the observers after deleting an NGO.
    closedPath: (deleted) => (deleted ? "/observatori" : "/ong"),
    requests: {
      loadRecord: "GET /api/v1/ngo/3",
      createRecord: "POST /api/v1/ngo",
      updateRecord: "PUT /api/v1/ngo",
      deleteRecord: "DELETE /api/v1/ngo/3",
    },
    recordOf: (body) => body as Ngo,
    record: apd,
    saved: (draft, record) => ({
      ...record,
      name: normalized(draft.name),
      shortName: normalized(draft.shortName),
      organizer: draft.organizer,
      isActive: draft.isActive,
    }),
    edit: { field: "shortName", value: "APDI" },
    kept: { name: "Asociația Observatorilor Independenți" },
    draftKey: (id) => ngoDraftStorage(sessionStorage, id).key,
    keptFields: ["name", "shortName", "organizer", "isActive"],
    saveError: lastOrganizer,
    loadError: unavailable,
    deleteError: unavailable,
    deleteQuestion: (record) => `Are you sure you want to delete the NGO ${normalized((record as Ngo).name)}?`,
    headings: NGO_PROFILE_WORDS.en.headings,
    loadFailed: NGO_PROFILE_WORDS.en.loadFailed,
    seeFailure: async (profile, error) => {
      if (error.code !== "last_organizer") return;
      const message = "This is the last active organizer NGO: another NGO must organize before this one stops.";
      await eventually(async () => (await profile.toasts.saying(message)).length).toBe(1);
    },
    seeExtras: async (profile, mode) => expect(await profile.showsAdmins()).toBe(mode !== "creating"),
  },
});

it(`${ngoPageLogic.id} model on /ong replays 30 paths`, () => {
  expect(paths).toHaveLength(30);
});
