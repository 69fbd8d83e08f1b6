import type { ColumnType, Generated, GeneratedAlways } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";

/** Timestamps come back as Date on both drivers; inserts may pass a Date or an ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type PushProviderName = "firebase" | "outbox";
export type PollingStationStatus = components["schemas"]["PollingStationStatus"];
export type ElectionRoundStatus = "preparing" | "active" | "archived";
export type ReviewState = "new" | "in_progress" | "resolved";
export type ThreadEventKind = "state" | "claim" | "release" | "takeover" | "lapse" | "comment";
/** `access`: a change to who may see what (migration 014), read by the hubs and never sent to a stream. */
export type LiveEventKind = "answers" | "note" | "state" | "claim" | "comment" | "access";
export type RecipientStatus = "queued" | "sent" | "failed" | "no_device" | "not_pushed";
export type AuditAction = components["schemas"]["AuditAction"];
export type AuditSubjectType = components["schemas"]["AuditSubjectType"];
export type AuditChange = components["schemas"]["AuditChange"];

/** Table shapes in camelCase; the CamelCasePlugin maps them to the snake_case columns of the migrations. */
export interface Database {
  /** An election and what it produced (migration 019): stations, forms, reports, threads and notifications are in one. */
  electionRound: {
    id: Generated<number>;
    name: string;
    /** Read it as text (`election_day::text`, "2025-05-18"): pg and PGlite parse a `date` differently. */
    electionDay: ColumnType<unknown, string, string>;
    status: Generated<ElectionRoundStatus>;
    createdAt: DefaultedTimestamp;
    statusChangedAt: DefaultedTimestamp;
  };
  /** The NGOs taking part in a round, whose admins and observers work in it (migration 022). */
  electionRoundNgo: {
    electionRoundId: number;
    ngoId: number;
  };
  ngo: {
    id: Generated<number>;
    name: string;
    shortName: string;
    organizer: Generated<boolean>;
    isActive: Generated<boolean>;
    createdAt: DefaultedTimestamp;
  };
  ngoAdmin: {
    id: Generated<number>;
    ngoId: number;
    account: string;
    passwordHash: string;
    createdAt: DefaultedTimestamp;
  };
  observer: {
    id: Generated<number>;
    ngoId: number;
    phone: string;
    name: string;
    pinHash: string;
    deviceRegisterDate: Timestamp | null;
    mobileDeviceId: string | null;
    isTest: Generated<boolean>;
    createdAt: DefaultedTimestamp;
    deletedAt: Timestamp | null;
  };
  county: {
    id: Generated<number>;
    code: string;
    name: string;
    diaspora: Generated<boolean>;
    displayOrder: Generated<number>;
  };
  pollingStation: {
    id: Generated<number>;
    /** Its election round (migration 019); a new row is in round 1 until writers name the round. */
    electionRoundId: Generated<number>;
    countyId: number;
    number: number;
    locality: string | null;
    institution: string | null;
    address: string | null;
    registeredVoters: number | null;
    latitude: number | null;
    longitude: number | null;
    status: Generated<PollingStationStatus>;
    updatedAt: DefaultedTimestamp;
    /** Locality, institution and address in lower case without diacritics, for search (migration 016). */
    searchText: GeneratedAlways<string>;
  };
  /** Which stations an observer is sent to (migration 017). */
  stationAssignment: {
    electionRoundId: Generated<number>;
    observerId: number;
    pollingStationId: number;
    assignedAt: DefaultedTimestamp;
  };
  /** One row per round: its registry's version, raised by every statement that changes its stations (migrations 016, 020). */
  stationRegistry: {
    electionRoundId: ColumnType<number, never, never>;
    version: ColumnType<string, never, never>;
  };
  form: {
    id: Generated<number>;
    electionRoundId: Generated<number>;
    code: string;
    description: string;
    diaspora: Generated<boolean>;
    draft: Generated<boolean>;
    currentVersion: Generated<number>;
    displayOrder: Generated<number>;
    updatedAt: DefaultedTimestamp;
  };
  formSection: {
    id: Generated<number>;
    formId: number;
    code: string;
    description: string;
    orderNumber: Generated<number>;
  };
  question: {
    id: Generated<number>;
    sectionId: number;
    code: string;
    text: string;
    questionType: Generated<number>;
    orderNumber: Generated<number>;
  };
  questionOption: {
    id: Generated<number>;
    questionId: number;
    text: string;
    isFreeText: Generated<boolean>;
    flagged: Generated<boolean>;
    orderNumber: Generated<number>;
  };
  answer: {
    electionRoundId: Generated<number>;
    observerId: number;
    optionId: number;
    pollingStationId: number;
    value: string | null;
    lastModified: DefaultedTimestamp;
  };
  /** Each observer's latest answer, note or station record, kept by triggers on the three (migration 002). */
  observerActivity: {
    observerId: number;
    lastSeen: Timestamp;
  };
  /** One row per (observer, station) with answers, kept by triggers on answer (migration 004). */
  answerThread: {
    electionRoundId: Generated<number>;
    observerId: number;
    pollingStationId: number;
    lastModified: Timestamp;
    flaggedCount: number;
    /** The earliest flagged answer's time: the age clock's start (migration 007). */
    urgentSince: Timestamp | null;
    state: ColumnType<ReviewState, ReviewState | undefined, ReviewState>;
    resolutionNote: string | null;
    stateChangedAt: Timestamp | null;
    stateChangedBy: number | null;
    claimAdminId: number | null;
    claimedAt: Timestamp | null;
    claimExpiresAt: Timestamp | null;
  };
  /** The staff's part of a thread's timeline (migration 007). */
  threadEvent: {
    id: Generated<number>;
    electionRoundId: Generated<number>;
    observerId: number;
    pollingStationId: number;
    kind: ThreadEventKind;
    adminId: number | null;
    adminAccount: string | null;
    at: Timestamp;
    state: ReviewState | null;
    previousState: ReviewState | null;
    text: string | null;
    idempotencyKey: string | null;
  };
  /** The live channel's log (migration 007), appended by record_live_events() (functions/record_live_events.sql). */
  liveEvent: {
    id: Generated<number>;
    ngoId: number;
    /** The thread's round (migration 021); null on access events, which are of every round. */
    electionRoundId: number | null;
    kind: LiveEventKind;
    observerId: number | null;
    pollingStationId: number | null;
    at: Timestamp;
    payload: unknown;
  };
  /** The highest live_event id retention has deleted (migration 007): one row. */
  liveEventTrim: {
    onlyRow: Generated<boolean>;
    trimmedThrough: number;
  };
  /** One row per (observer, station, form) with answers, kept by triggers on answer and question_option (migration 005). */
  answerTally: {
    electionRoundId: Generated<number>;
    observerId: number;
    pollingStationId: number;
    formId: number;
    answerCount: number;
    flaggedCount: number;
    lastModified: Timestamp;
  };
  /** Each observer's presence at each station, kept by triggers on answer_tally, note and polling_station_info (migration 011). */
  stationPresence: {
    electionRoundId: Generated<number>;
    observerId: number;
    pollingStationId: number;
    arrived: boolean;
    noted: boolean;
    formIds: number[];
    flaggedCount: number;
    lastActivity: Timestamp;
  };
  note: {
    id: Generated<number>;
    electionRoundId: Generated<number>;
    observerId: number;
    pollingStationId: number;
    questionId: number | null;
    text: string | null;
    lastModified: DefaultedTimestamp;
  };
  noteAttachment: {
    id: Generated<number>;
    noteId: number;
    fileName: string;
    mimeType: string;
    storageKey: string;
    sizeBytes: number;
  };
  pollingStationInfo: {
    electionRoundId: Generated<number>;
    observerId: number;
    pollingStationId: number;
    lastModified: DefaultedTimestamp;
    observerArrivalTime: Timestamp | null;
    observerLeaveTime: Timestamp | null;
    urbanArea: boolean | null;
    isPresidentFemale: boolean | null;
  };
  notification: {
    id: Generated<number>;
    electionRoundId: Generated<number>;
    title: string;
    message: string;
    channel: string;
    senderFrom: string;
    senderAdminId: number | null;
    senderNgoId: number;
    sentAt: DefaultedTimestamp;
    audience: ColumnType<"selected" | "all", "selected" | "all" | undefined, "selected" | "all">;
    provider: ColumnType<PushProviderName, PushProviderName | undefined, PushProviderName>;
    senderAccount: string | null;
    idempotencyKey: string | null;
  };
  notificationRecipient: {
    notificationId: number;
    observerId: number;
    status: ColumnType<RecipientStatus, RecipientStatus | undefined, RecipientStatus>;
    reason: string | null;
    attempts: Generated<number>;
    nextAttemptAt: Timestamp | null;
    updatedAt: DefaultedTimestamp;
  };
  notificationRegistration: {
    observerId: number;
    channelName: string;
    token: string;
    updatedAt: DefaultedTimestamp;
  };
  /** The staff actions' log (migration 009): no foreign keys, the actor and subject kept as they were. */
  auditEntry: {
    id: Generated<number>;
    at: Timestamp;
    action: AuditAction;
    actorAdminId: number;
    actorAccount: string;
    actorNgoName: string;
    subjectType: AuditSubjectType;
    subjectId: number | null;
    subjectStationId: number | null;
    subjectLabel: string;
    ngoId: number | null;
    ngoName: string | null;
    changes: ColumnType<AuditChange[], string, string>;
    count: number | null;
    /** The round of the subject (migration 023); null for what is across rounds. */
    electionRoundId: number | null;
  };
  /** Idempotency keys claimed by admins, each with its request's fingerprint (migration 015). */
  idempotencyKey: {
    adminId: number;
    key: string;
    fingerprint: string;
    createdAt: DefaultedTimestamp;
  };
  /** Idempotency keys claimed by observers, with their request's fingerprint and first answer (migration 025). */
  observerIdempotencyKey: {
    observerId: number;
    key: string;
    fingerprint: string;
    /** Set in the claiming transaction, before it commits: a committed row always has it. */
    status: number | null;
    /** The first answer's JSON body (always an object); null for an answer without one (204). */
    body: ColumnType<object | null, string | null, string | null>;
    createdAt: DefaultedTimestamp;
  };
  /** Browsers of the observers' web app that receive notifications by Web Push (migration 026). */
  webPushSubscription: {
    id: Generated<number>;
    observerId: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    createdAt: DefaultedTimestamp;
    retiredAt: Timestamp | null;
    retiredReason: string | null;
  };
  /** The generated VAPID key pair, one row (migration 026); unused while VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set. */
  webPushVapidKey: {
    onlyRow: Generated<boolean>;
    publicKey: string;
    privateKey: string;
    createdAt: DefaultedTimestamp;
  };
  signInThrottle: {
    key: string;
    windowStart: Timestamp;
    attempts: number;
    nextAt: Timestamp | null;
  };
}
