import { expect, it } from "vitest";
import { ApiError } from "../../src/api/problem";
import { observerBlankDraft, observerDraftKey, observerPageLogic } from "../../src/features/observers/observer-profile.draft";
import type { Observer } from "../../src/features/observers/observers.actors";
import { oneObserver, ORGANIZER } from "../support/seeds/observers.seed";
import { describePageModeModel, normalized } from "../support/page-mode-conformance";
import { askBeforeTests, type TestDb } from "../support/test-server";
import { observerProfile } from "../pages/dom/observer-profile";
import { eventually } from "../pages/locators";
import { OBSERVER_PROFILE_WORDS } from "../pages/observer-profile";
import { observerRoutes } from "../../src/features/observers/observer.routes";

/*
 * The observer profile on the real server: oneObserver's Ana Pop (7), her name stored before names were normalized
 * (an inner double space), so the server's answer to a save differs from the draft sent and the page must show the
 * answer. The duplicate phone is the server's own
 * refusal: the test gives another observer the phone the save carries, and takes it back after. The 503s on load
 * and delete are the test's answers: no server state gives them.
 */

type ObserverPage = { data: Observer[] };

async function anObserverNamedLong(db: TestDb) {
  await oneObserver(db);
  await db.updateTable("observer").set({ name: "Ana  Pop" }).where("id", "=", 7).execute();
}

const [page] = await askBeforeTests(anObserverNamedLong, ORGANIZER, ["/api/v1/observer?id=7"]);
const ana = (page as ObserverPage).data[0]!;

const duplicatePhone = new ApiError({
  status: 409,
  code: "duplicate_phone",
  title: "The phone number is already in use",
  fieldErrors: { phone: [{ code: "duplicate", message: "in use" }] },
});
const unavailable = new ApiError({ status: 503, code: "unavailable", title: "Unavailable" });
const SPARE_PHONE = "0722999999";

/** Another observer (of the other NGO) takes the save's phone; an observer who held it gets a spare one until undone. */
async function givePhoneToAnother(db: TestDb, body: unknown) {
  const { phone } = body as { phone: string };
  const holder = await db.selectFrom("observer").select(["id"]).where("phone", "=", phone).executeTakeFirst();
  if (holder) await db.updateTable("observer").set({ phone: SPARE_PHONE }).where("id", "=", holder.id).execute();
  const other = await db.insertInto("observer").values({ ngoId: 2, phone, name: "Dan Stan", pinHash: "not used" }).returning("id").executeTakeFirstOrThrow();
  return async () => {
    await db.deleteFrom("observer").where("id", "=", other.id).execute();
    if (holder) await db.updateTable("observer").set({ phone }).where("id", "=", holder.id).execute();
  };
}

const paths = describePageModeModel({
  name: "/observatori/profil",
  page: observerProfile,
  fixtures: {
    logic: observerPageLogic,
    blank: observerBlankDraft,
    seed: anObserverNamedLong,
    account: ORGANIZER,
    routes: { creating: "/observatori/profil/new", viewing: "/observatori/profil/view/7", editing: "/observatori/profil/edit/7" },
    features: [observerRoutes],
    closedPath: () => "/observatori",
    // The list is a GET on the same path: it is held too, but only once the profile has closed.
    requests: {
      loadRecord: "GET /api/v1/observer",
      createRecord: "POST /api/v1/observer",
      updateRecord: "PUT /api/v1/observer",
      deleteRecord: "DELETE /api/v1/observer",
    },
    recordOf: (body) => (body as ObserverPage).data[0]!,
    record: ana,
    saved: (draft, record) => ({ ...record, name: normalized(draft.name), phone: normalized(draft.phone) }),
    // The PIN is what a kept draft never holds: typing it is what makes the restored add draft valid.
    edit: { field: "pin", value: "1234" },
    kept: { name: "Ana Maria Pop", phone: "0722000001" },
    draftKey: observerDraftKey,
    keptFields: ["name", "phone"],
    saveError: duplicatePhone,
    arrangeSaveError: givePhoneToAnother,
    loadError: unavailable,
    deleteError: unavailable,
    deleteQuestion: () => "Are you sure you want to delete this observer?",
    headings: OBSERVER_PROFILE_WORDS.en.headings,
    loadFailed: OBSERVER_PROFILE_WORDS.en.loadFailed,
    seeFailure: async (profile, error) => {
      if (error.code !== "duplicate_phone") return;
      const message = "This phone number is already used by another observer";
      expect(await profile.fieldError("phone")).toEqual({ invalid: true, description: expect.stringContaining(message) as string });
      await eventually(async () => (await profile.toasts.saying(message)).length).toBe(1);
    },
    seeExtras: async (profile, mode) => {
      expect((await profile.resetPasswordState()) !== "absent").toBe(mode === "editing");
      // The assigned stations are an observer's profile in view mode only (their own chart: observer-stations.machine).
      expect(await profile.showsStations()).toBe(mode === "viewing");
    },
  },
});

it(`${observerPageLogic.id} model on /observatori/profil replays 30 paths`, () => {
  expect(paths).toHaveLength(30);
});
