import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ImportRowProblem } from "./observer-import.machine";

/** The column at fault in a bad row, in words. */
export function importFieldLabel(field: string): MessageDescriptor {
  switch (field) {
    case "Phone":
      return msg({ id: "PHONE", message: "Phone" });
    case "Pin":
      return msg({ id: "PASSWORD", message: "Password" });
    case "Name":
      return msg({ id: "NAME", message: "Name" });
    case "Stations":
      return msg({ message: "Stations", comment: "Column of the observers import: the polling stations each observer is assigned to" });
    default:
      return msg({ message: "Whole row", comment: "Column of the import report: the problem concerns the row or file as a whole" });
  }
}

/** Why a row was refused, from its code; null for a code this SPA does not know (the server's message is shown). */
export function importRowReason(row: ImportRowProblem): MessageDescriptor | null {
  switch (row.code) {
    case "required":
      return msg`The value is missing`;
    case "pattern":
      if (row.field === "Pin") return msg`The password must be 4 to 6 digits`;
      if (row.field === "Phone") return msg`The phone must be 6 to 15 digits, optionally starting with +`;
      if (row.field === "Stations") return msg`Write each station as its county code and number, e.g. CJ 15, separated by |`;
      return msg`The value has the wrong format`;
    case "duplicate_in_file":
      return msg`This phone number appears more than once in the file`;
    case "duplicate_existing":
      return msg`This phone number is already used by another observer`;
    case "columns":
      return msg`The first line must name the columns Phone, Pin and Name`;
    case "encoding":
      return msg`The file is not UTF-8 text`;
    case "not_found":
      return msg`This polling station is not in the registry`;
    case "retired":
      return msg`This polling station is retired: it takes no new observers`;
    default:
      return null;
  }
}
