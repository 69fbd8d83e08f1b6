import type { components } from "../../../openapi/schema.d.ts";

type Schemas = components["schemas"];
export type Form = Schemas["Form"];
export type Question = Schemas["Question"];
export type ElectionRound = Schemas["ElectionRound"];
/** The round's station registry as the phone keeps it, with the ETag that asks for it again. */
export type Registry = Schemas["StationRegistry"] & { etag: string | null };
export type RegistryStation = Schemas["RegistryStation"];
export type RegistryCounty = Schemas["RegistryCounty"];
/** The round's published forms, with the ETag that asks for them again. */
export type MyForms = Schemas["MyForms"] & { etag: string | null };
export type MyStation = Schemas["MyStation"];
export type InboxMessage = Schemas["MyNotification"];
