import { ApiError } from "../../src/api/problem";
import { ngoBlankDraft, ngoDraftStorage, ngoPageLogic } from "../../src/features/ngos/ngo-profile.form";
import type { Ngo } from "../../src/features/ngos/ngos.actors";
import { describePageModeModel } from "../support/page-mode-conformance";
import { ngoProfilePage } from "./pages/ngo-profile.page";

const ao: Ngo = { id: 7, name: "Asociația Observatorilor", shortName: "AO", organizer: false, isActive: true };
const saved: Ngo = { ...ao, shortName: "AOI" };
const lastOrganizer = new ApiError({ status: 409, code: "last_organizer", title: "The last organizer" });
const unavailable = new ApiError({ status: 503, code: "unavailable", title: "Unavailable" });

describePageModeModel({
  name: "/ong",
  page: ngoProfilePage,
  fixtures: {
    logic: ngoPageLogic,
    blank: ngoBlankDraft,
    routes: { creating: "/ong/new", viewing: "/ong/view/7", editing: "/ong/edit/7" },
    // The spec sends the user to the observers after deleting an NGO.
    closedPath: (deleted) => (deleted ? "/observatori" : "/ong"),
    route: (request, queues) => {
      const { pathname } = new URL(request.url);
      if (pathname === "/api/v1/ngo/7" && request.method === "GET") return queues.loadRecord.receive(request);
      if (pathname === "/api/v1/ngo/7" && request.method === "DELETE") return queues.deleteRecord.receive(request);
      if (pathname === "/api/v1/ngo" && request.method === "POST") return queues.createRecord.receive(request);
      if (pathname === "/api/v1/ngo" && request.method === "PUT") return queues.updateRecord.receive(request);
      if (pathname === "/api/v1/ngo" || pathname === "/api/v1/ngo/7/admins") return Promise.resolve(Response.json([]));
      if (pathname === "/api/v1/observer")
        return Promise.resolve(Response.json({ page: 1, pageSize: 20, totalItems: 0, totalPages: 1, data: [] }));
      if (pathname === "/api/v1/observer/count") return Promise.resolve(Response.json({ count: 0 }));
      return null;
    },
    loadResponse: (record) => Response.json(record),
    record: ao,
    saved,
    edit: { field: "shortName", value: "AOI" },
    kept: { name: "Asociația Observatorilor Independenți" },
    draftKey: (id) => ngoDraftStorage(sessionStorage, id).key,
    keptFields: ["name", "shortName", "organizer", "isActive"],
    saveError: lastOrganizer,
    loadError: unavailable,
    deleteError: unavailable,
    deleteQuestion: (record) => `Are you sure you want to delete the NGO ${(record as Ngo).name}?`,
    seeFailure: async (profile, error) => {
      if (error.code === "last_organizer")
        await profile.seeNotification("This is the last active organizer NGO: another NGO must organize before this one stops.");
    },
  },
});
