import { ApiError } from "../../src/api/problem";
import { observerBlankDraft, observerDraftKey, observerPageLogic } from "../../src/features/observers/observer-profile.draft";
import type { Observer } from "../../src/features/observers/observers.actors";
import { describePageModeModel } from "../support/page-mode-conformance";
import { observerProfilePage } from "./pages/observer-profile.page";

const ana: Observer = {
  id: 7,
  name: "Ana Pop",
  phone: "0722000000",
  ngoId: 1,
  ngo: "NGO 1",
  deviceRegisterDate: null,
  lastSeen: null,
  numberOfNotes: 0,
  numberOfPollingStations: 0,
};
const duplicatePhone = new ApiError({
  status: 409,
  code: "duplicate_phone",
  title: "The phone number is already in use",
  fieldErrors: { phone: [{ code: "duplicate", message: "in use" }] },
});
const saved: Observer = { ...ana, name: "Ana Maria Pop" };
const unavailable = new ApiError({ status: 503, code: "unavailable", title: "Unavailable" });
const emptyList = () => Promise.resolve(Response.json({ page: 1, pageSize: 20, totalItems: 0, totalPages: 1, data: [] }));

describePageModeModel({
  name: "/observatori/profil",
  page: observerProfilePage,
  fixtures: {
    logic: observerPageLogic,
    blank: observerBlankDraft,
    routes: { creating: "/observatori/profil/new", viewing: "/observatori/profil/view/7", editing: "/observatori/profil/edit/7" },
    closedPath: () => "/observatori",
    route: (request, queues) => {
      const url = new URL(request.url);
      if (url.pathname === "/api/v1/observer/count") return Promise.resolve(Response.json({ count: 0 }));
      if (url.pathname !== "/api/v1/observer") return null;
      if (request.method === "GET" && url.searchParams.has("id")) return queues.loadRecord.receive(request);
      if (request.method === "POST") return queues.createRecord.receive(request);
      if (request.method === "PUT") return queues.updateRecord.receive(request);
      if (request.method === "DELETE") return queues.deleteRecord.receive(request);
      return emptyList();
    },
    loadResponse: (record) => Response.json({ page: 1, pageSize: 20, totalItems: 1, totalPages: 1, data: [record] }),
    record: ana,
    saved,
    // The PIN is what a kept draft never holds: typing it is what makes the restored add draft valid.
    edit: { field: "pin", value: "1234" },
    kept: { name: "Ana Maria Pop", phone: "0722000001" },
    draftKey: observerDraftKey,
    keptFields: ["name", "phone"],
    saveError: duplicatePhone,
    loadError: unavailable,
    deleteError: unavailable,
    deleteQuestion: () => "Are you sure you want to delete this observer?",
    seeFailure: async (profile, error) => {
      if (error.code !== "duplicate_phone") return;
      profile.seePhoneError("This phone number is already used by another observer");
      await profile.seeNotification("This phone number is already used by another observer");
    },
  },
});
