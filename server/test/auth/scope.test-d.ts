// Checked by `tsc -b` (never run): a query or write not handed an NgoScope from src/auth/scope.ts does not compile.
import type { Kysely } from "kysely";
import type { StaffAct } from "../../src/audit/record.ts";
import type { Database } from "../../src/db/schema.ts";
import { findNgoAdmin, insertNgoAdmin } from "../../src/ngos/admin-store.ts";
import { findNgo, listNgos } from "../../src/ngos/store.ts";
import { countObservers, observerById } from "../../src/observers/query.ts";
import { findManagedObserver } from "../../src/observers/scope.ts";
import { insertObserver, softDeleteObserver } from "../../src/observers/store.ts";
import { listActiveObservers } from "../../src/observers/targeting.ts";
import type { Admin } from "../../src/auth/principal.ts";
import { scopeOf, type NgoScope, type OneNgo } from "../../src/auth/scope.ts";

declare const db: Kysely<Database>;
declare const admin: Admin;
declare const scope: NgoScope;
declare const ngo: OneNgo;
declare const act: StaffAct;

// The old "null means every NGO" and a bare NGO id are refused.
// @ts-expect-error a bare null is not a scope
void countObservers(db, { ngoId: null });
// @ts-expect-error a bare null is not a scope
void countObservers(db, { scope: null });
// @ts-expect-error a bare NGO id is not a scope
void listNgos(db, 2);
// @ts-expect-error a bare NGO id is not a scope
void observerById(db, 2, 7);
// @ts-expect-error a bare NGO id is not a scope
void insertNgoAdmin(db, 2, "account", "password", act, 4);
// @ts-expect-error a scope needs an NGO id and a forgotten one is not filled in
void listActiveObservers(db, { countyCodes: [], currentlyCheckedIn: false });

// A scope's shape written by hand lacks the brand that only src/auth/scope.ts can give.
// @ts-expect-error a hand-made "all" is not a scope
void findNgo(db, { kind: "all" }, 2);
// @ts-expect-error a hand-made NGO is not a scope
void findManagedObserver(db, { kind: "ngo", ngoId: 2 }, { id: 7 });

// Writes need exactly one NGO: every NGO is not a place to put a row.
// @ts-expect-error "every NGO" cannot receive a new observer
void insertObserver(db, scope, { name: "Ana", phone: "0700000000", pin: "1234" }, act);

// What compiles: scopes built by src/auth/scope.ts.
void countObservers(db, { scope: scopeOf(admin) });
void softDeleteObserver(db, scope, 7, act);
void findNgoAdmin(db, ngo, 3);
