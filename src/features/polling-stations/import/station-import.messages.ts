import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { commonMessages } from "../../../shared/i18n/common-messages";
import { fieldLabels } from "../polling-stations.messages";
import type { ImportFailure, ImportRowProblem, StationImportField } from "./station-import.machine";

const isField = (field: string): field is StationImportField => field in fieldLabels;

/** The column at fault in a bad row, in words ("Whole row" for the row or the file as a whole). */
export function rowFieldLabel(field: string): MessageDescriptor {
  return isField(field) ? fieldLabels[field] : msg({ message: "Whole row", comment: "Column of the import report: the problem concerns the row or file as a whole" });
}

/** Why a row was refused, from its code; null for a code this SPA does not know (the server's message is shown). */
export function rowReason(row: ImportRowProblem): MessageDescriptor | null {
  switch (row.code) {
    case "required":
      return msg`The value is missing`;
    case "invalid":
      if (row.field === "number") return msg`A station number is a whole number from 1`;
      if (row.field === "registeredVoters") return msg`The number of voters is a whole number from 0`;
      if (row.field === "latitude") return msg`A latitude is a number between -90 and 90`;
      if (row.field === "longitude") return msg`A longitude is a number between -180 and 180`;
      return msg`The value has the wrong format`;
    case "not_found":
      return msg`No county has this name or code`;
    case "too_long":
      return msg`The text is too long`;
    case "duplicate_in_file":
      return msg`This county and number appear more than once in the file`;
    case "encoding":
      return msg`The file is not UTF-8 text or a readable XLSX workbook`;
    case "columns":
      return msg`The file's columns could not be read`;
    case "empty":
      return msg`The file lists no station`;
    default:
      return null;
  }
}

/** Why an upload failed without a report of bad rows. */
export function failureMessage(failure: ImportFailure): MessageDescriptor {
  if (failure.status === 0) return commonMessages.cannotReachServer;
  if (failure.status === 413) return msg`The file is too large: at most 20 MiB.`;
  if (failure.status === 403) return msg`Only organizers can import polling stations.`;
  if (failure.status === 400) return msg`The server could not read this file. Choose a CSV or XLSX file.`;
  const status = failure.status;
  return msg({ message: `The file could not be imported (error ${status}). Try again.`, comment: "{status} is an HTTP status code such as 500" });
}
