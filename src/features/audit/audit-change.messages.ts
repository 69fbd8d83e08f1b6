import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** The changed fields, named as in the API (AuditChange.field); a field not listed shows its API name. */
export const fieldLabels: Record<string, MessageDescriptor> = {
  name: msg({ message: "Name", comment: "Activity log: a changed field" }),
  phone: msg({ message: "Phone", comment: "Activity log: a changed field" }),
  pin: msg({ message: "PIN", comment: "Activity log: a changed field (an observer's password)" }),
  deviceRegisterDate: msg({ message: "Device registration", comment: "Activity log: a changed field (when the observer's phone was registered)" }),
  password: msg({ message: "Password", comment: "Activity log: a changed field" }),
  shortName: msg({ message: "Short name", comment: "Activity log: a changed field (an NGO's)" }),
  isActive: msg({ message: "Active", comment: "Activity log: a changed field (an NGO may sign in)" }),
  organizer: msg({ message: "Organizer", comment: "Activity log: a changed field (an NGO organizes the mission)" }),
  account: msg({ message: "Account", comment: "Activity log: a changed field (an admin's sign-in name)" }),
  code: msg({ message: "Code", comment: "Activity log: a changed field (a form's short code)" }),
  description: msg({ message: "Description", comment: "Activity log: a changed field (a form's title)" }),
  diaspora: msg({ message: "Diaspora", comment: "Activity log: a changed field (a form only for polling stations abroad)" }),
  draft: msg({ message: "Draft", comment: "Activity log: a changed field (a form not yet published)" }),
  currentVersion: msg({ message: "Version", comment: "Activity log: a changed field (a form's saved version)" }),
  formSections: msg({ message: "Sections", comment: "Activity log: a changed field (how many sections a form has)" }),
  questions: msg({ message: "Questions", comment: "Activity log: a changed field (how many questions a form has)" }),
  optionsToQuestions: msg({ message: "Options", comment: "Activity log: a changed field (how many answer options a form has)" }),
  order: msg({ message: "Order", comment: "Activity log: a changed field (the order of the forms, by code)" }),
  audience: msg({ message: "Audience", comment: "Activity log: a changed field (whom a notification was sent to)" }),
  message: msg({ message: "Message", comment: "Activity log: a changed field (a notification's)" }),
  state: msg({ message: "Review state", comment: "Activity log: a changed field (an answer thread's)" }),
  stations: msg({ message: "Assigned stations", comment: "Activity log: a changed field (the polling stations an observer is assigned to)" }),
  countyCode: msg({ message: "County", comment: "Activity log: a changed field (a polling station's)" }),
  number: msg({ message: "Number", comment: "Activity log: a changed field (a polling station's number in its county)" }),
  locality: msg({ message: "Locality", comment: "Activity log: a changed field (a polling station's town or commune)" }),
  institution: msg({ message: "Institution", comment: "Activity log: a changed field (the building a polling station is in)" }),
  address: msg({ message: "Address", comment: "Activity log: a changed field (a polling station's)" }),
  registeredVoters: msg({ message: "Registered voters", comment: "Activity log: a changed field (a polling station's)" }),
  latitude: msg({ message: "Latitude", comment: "Activity log: a changed field (a polling station's)" }),
  longitude: msg({ message: "Longitude", comment: "Activity log: a changed field (a polling station's)" }),
  status: msg({ message: "Status", comment: "Activity log: a changed field (a polling station: active or retired)" }),
  added: msg({ message: "Added", context: "how many stations", comment: "Activity log: how many polling stations an import added" }),
  changed: msg({ message: "Changed", context: "how many stations", comment: "Activity log: how many polling stations an import changed" }),
  retired: msg({ message: "Retired", context: "how many stations", comment: "Activity log: how many polling stations an import retired" }),
  imported: msg({ message: "Imported", context: "how many reports", comment: "Activity log: how many of an observer's unsent reports an import saved" }),
  alreadyThere: msg({ message: "Already there", context: "how many reports", comment: "Activity log: how many of an observer's unsent reports the server had already" }),
  refused: msg({ message: "Refused", context: "how many reports", comment: "Activity log: how many of an observer's unsent reports the server refused" }),
};

/** Yes/no values, in any field: the server writes booleans as "true" and "false". */
export const booleanLabels: Record<string, MessageDescriptor> = {
  true: msg({ message: "Yes", comment: "Activity log: a changed yes/no field's value" }),
  false: msg({ message: "No", comment: "Activity log: a changed yes/no field's value" }),
};

/** Values that are words of the API, in the fields where they mean that (a name may well be "New"). */
export const fieldValueLabels: Record<string, Record<string, MessageDescriptor>> = {
  state: {
    new: msg({ message: "New", comment: "Review state of an answer thread" }),
    in_progress: msg({ message: "In progress", comment: "Review state of an answer thread" }),
    resolved: msg({ message: "Resolved", comment: "Review state of an answer thread" }),
  },
  status: {
    active: msg({ message: "Active", comment: "Status of a polling station: it takes reports" }),
    retired: msg({ message: "Retired", comment: "Status of a polling station: kept with its history, takes no reports" }),
  },
  audience: {
    all: msg({ message: "All observers", comment: "Audience: every observer" }),
    selected: msg({ message: "Selected observers", comment: "Audience: chosen observers" }),
  },
};

/** Fields whose values the log never holds: only that they changed. */
export const SECRET_FIELDS = new Set(["pin", "password"]);
