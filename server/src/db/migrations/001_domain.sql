-- The whole domain model. Runs unchanged on PGlite (PostgreSQL 18) and PostgreSQL 15:
-- use nothing newer than 15.

CREATE TABLE ngo (
  id          serial PRIMARY KEY,
  name        text NOT NULL CHECK (length(btrim(name)) > 0),
  short_name  text NOT NULL CHECK (length(btrim(short_name)) > 0),
  organizer   boolean NOT NULL DEFAULT false,
  is_active   boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ngo_admin (
  id             serial PRIMARY KEY,
  ngo_id         integer NOT NULL REFERENCES ngo (id) ON DELETE RESTRICT,
  account        text NOT NULL UNIQUE,
  password_hash  text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ngo_admin_ngo_idx ON ngo_admin (ngo_id);

-- Observers are soft-deleted so that their answers, notes and station info stay attributed.
CREATE TABLE observer (
  id                    serial PRIMARY KEY,
  ngo_id                integer NOT NULL REFERENCES ngo (id) ON DELETE RESTRICT,
  phone                 text NOT NULL,
  name                  text NOT NULL,
  pin_hash              text NOT NULL,
  device_register_date  timestamptz,
  mobile_device_id      text,
  is_test               boolean NOT NULL DEFAULT false,
  created_at            timestamptz NOT NULL DEFAULT now(),
  deleted_at            timestamptz
);
CREATE UNIQUE INDEX observer_phone_live_uq ON observer (phone) WHERE deleted_at IS NULL;
CREATE INDEX observer_ngo_idx ON observer (ngo_id) WHERE deleted_at IS NULL;
CREATE INDEX observer_name_idx ON observer (lower(name));

CREATE TABLE county (
  id                      serial PRIMARY KEY,
  code                    text NOT NULL UNIQUE,
  name                    text NOT NULL,
  polling_station_count   integer NOT NULL CHECK (polling_station_count >= 0),
  diaspora                boolean NOT NULL DEFAULT false,
  display_order           integer NOT NULL DEFAULT 0
);

CREATE TABLE polling_station (
  id         serial PRIMARY KEY,
  county_id  integer NOT NULL REFERENCES county (id) ON DELETE CASCADE,
  number     integer NOT NULL CHECK (number > 0),
  address    text,
  UNIQUE (county_id, number)
);

CREATE TABLE form (
  id               serial PRIMARY KEY,
  code             text NOT NULL UNIQUE,
  description      text NOT NULL,
  diaspora         boolean NOT NULL DEFAULT false,
  draft            boolean NOT NULL DEFAULT true,
  current_version  integer NOT NULL DEFAULT 1,
  display_order    integer NOT NULL DEFAULT 0,
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE form_section (
  id            serial PRIMARY KEY,
  form_id       integer NOT NULL REFERENCES form (id) ON DELETE CASCADE,
  code          text NOT NULL,
  description   text NOT NULL,
  order_number  integer NOT NULL DEFAULT 0
);
CREATE INDEX form_section_form_idx ON form_section (form_id);

CREATE TABLE question (
  id             serial PRIMARY KEY,
  section_id     integer NOT NULL REFERENCES form_section (id) ON DELETE CASCADE,
  code           text NOT NULL,
  text           text NOT NULL,
  question_type  smallint NOT NULL DEFAULT 0 CHECK (question_type BETWEEN 0 AND 4),
  order_number   integer NOT NULL DEFAULT 0
);
CREATE INDEX question_section_idx ON question (section_id);

-- One row per option of one question (the original's OptionToQuestion); its id is the clients' idOption.
CREATE TABLE question_option (
  id            serial PRIMARY KEY,
  question_id   integer NOT NULL REFERENCES question (id) ON DELETE CASCADE,
  text          text NOT NULL,
  is_free_text  boolean NOT NULL DEFAULT false,
  flagged       boolean NOT NULL DEFAULT false,
  order_number  integer NOT NULL DEFAULT 0
);
CREATE INDEX question_option_question_idx ON question_option (question_id);

-- Answers keep their option: an option with answers cannot be deleted (RESTRICT).
CREATE TABLE answer (
  observer_id             integer NOT NULL REFERENCES observer (id) ON DELETE RESTRICT,
  option_id               integer NOT NULL REFERENCES question_option (id) ON DELETE RESTRICT,
  polling_station_id      integer NOT NULL REFERENCES polling_station (id) ON DELETE RESTRICT,
  value                   text,
  last_modified           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (observer_id, option_id, polling_station_id)
);
CREATE INDEX answer_station_observer_idx ON answer (polling_station_id, observer_id);
CREATE INDEX answer_option_idx ON answer (option_id);
CREATE INDEX answer_last_modified_idx ON answer (last_modified);

CREATE TABLE note (
  id                  serial PRIMARY KEY,
  observer_id         integer NOT NULL REFERENCES observer (id) ON DELETE RESTRICT,
  polling_station_id  integer NOT NULL REFERENCES polling_station (id) ON DELETE RESTRICT,
  question_id         integer REFERENCES question (id) ON DELETE SET NULL,
  text                text,
  last_modified       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX note_observer_station_idx ON note (observer_id, polling_station_id);

CREATE TABLE note_attachment (
  id           serial PRIMARY KEY,
  note_id      integer NOT NULL REFERENCES note (id) ON DELETE CASCADE,
  file_name    text NOT NULL,
  mime_type    text NOT NULL,
  storage_key  text NOT NULL UNIQUE,
  size_bytes   integer NOT NULL
);
CREATE INDEX note_attachment_note_idx ON note_attachment (note_id);

CREATE TABLE polling_station_info (
  observer_id                  integer NOT NULL REFERENCES observer (id) ON DELETE RESTRICT,
  polling_station_id           integer NOT NULL REFERENCES polling_station (id) ON DELETE RESTRICT,
  last_modified                timestamptz NOT NULL DEFAULT now(),
  observer_arrival_time        timestamptz,
  observer_leave_time          timestamptz,
  urban_area                   boolean,
  is_president_female          boolean,
  PRIMARY KEY (observer_id, polling_station_id)
);
CREATE INDEX polling_station_info_station_idx ON polling_station_info (polling_station_id);

CREATE TABLE notification (
  id               serial PRIMARY KEY,
  title            text NOT NULL,
  message          text NOT NULL,
  channel          text NOT NULL,
  sender_from      text NOT NULL,
  sender_admin_id  integer REFERENCES ngo_admin (id) ON DELETE SET NULL,
  sender_ngo_id    integer NOT NULL REFERENCES ngo (id) ON DELETE RESTRICT,
  sent_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notification_recipient (
  notification_id  integer NOT NULL REFERENCES notification (id) ON DELETE CASCADE,
  observer_id      integer NOT NULL REFERENCES observer (id) ON DELETE RESTRICT,
  PRIMARY KEY (notification_id, observer_id)
);

CREATE TABLE notification_registration (
  observer_id   integer NOT NULL REFERENCES observer (id) ON DELETE CASCADE,
  channel_name  text NOT NULL,
  token         text NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (observer_id, channel_name)
);
