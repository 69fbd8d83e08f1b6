-- A deployment at migration 018 on the evening of an election day (Sunday 18 May 2025, EEST, UTC+3), written by hand
-- in plain SQL so that it never depends on today's code. Loaded by database-at-018.ts after the migrations through 018
-- and the functions of functions-018/, as one query (one transaction): that version's triggers fill answer_thread,
-- answer_tally, station_presence, observer_activity and station_registry, and the deferred one numbers live_event.
-- Ids are explicit where rows refer to each other; the sequences are moved past them at the end, as a deployment's are.
-- Never edit it to suit a later schema: it is what that schema held. Nobody signs in here: hashes only have the shape.

INSERT INTO ngo (id, name, short_name, organizer, created_at) VALUES
  (1, 'Monitorizare Vot', 'MV', true, '2025-03-01 10:00+02'),
  (2, 'Asociația Pro Democrația', 'APD', false, '2025-03-15 12:00+02');
INSERT INTO ngo_admin (id, ngo_id, account, password_hash, created_at) VALUES
  (1, 1, 'ana.mv', 'scrypt$16$8$1$c2FsdC0x$a2V5LTE', '2025-03-01 10:00+02'),
  (2, 1, 'coord.mv', 'scrypt$16$8$1$c2FsdC0y$a2V5LTI', '2025-03-02 10:00+02'),
  (3, 2, 'ioana.apd', 'scrypt$16$8$1$c2FsdC0z$a2V5LTM', '2025-03-15 12:00+02');
-- A renamed account: record_access_change appends the 'access' row of live_event.
UPDATE ngo_admin SET account = 'coordonare.mv' WHERE id = 2;

-- Observer 4 left after reporting (soft-deleted, reports still attributed); observer 9 took its phone afterwards.
INSERT INTO observer (id, ngo_id, phone, name, pin_hash, device_register_date, mobile_device_id, is_test, created_at, deleted_at) VALUES
  (1, 1, '0722100001', 'Ana Popescu', 'scrypt$14$8$1$cGluLTE$cGluLTE', '2025-05-17 18:20+03', 'android-5f2c9e', false, '2025-04-10 09:00+03', NULL),
  (2, 1, '0722100002', 'Bogdan Ionescu', 'scrypt$14$8$1$cGluLTI$cGluLTI', NULL, NULL, false, '2025-04-10 09:00+03', NULL),
  (3, 1, '0722100003', 'Cristina Munteanu', 'scrypt$14$8$1$cGluLTM$cGluLTM', NULL, NULL, false, '2025-04-10 09:00+03', NULL),
  (4, 1, '0722100004', 'Dan Stoica', 'scrypt$14$8$1$cGluLTQ$cGluLTQ', NULL, NULL, false, '2025-04-10 09:00+03', '2025-05-18 15:00+03'),
  (5, 1, '0722100005', 'Observator de test', 'scrypt$14$8$1$cGluLTU$cGluLTU', NULL, NULL, true, '2025-04-11 09:00+03', NULL),
  (6, 2, '0733200001', 'Elena Dumitrescu', 'scrypt$14$8$1$cGluLTY$cGluLTY', '2025-05-18 06:10+03', 'ios-81d0aa', false, '2025-04-20 09:00+03', NULL),
  (7, 2, '0733200002', 'Florin Georgescu', 'scrypt$14$8$1$cGluLTc$cGluLTc', NULL, NULL, false, '2025-04-20 09:00+03', NULL),
  (8, 2, '0733200003', 'Gabriela Ștefănescu', 'scrypt$14$8$1$cGluLTg$cGluLTg', '2025-05-17 21:00+03', 'android-77b1c4', false, '2025-04-20 09:00+03', NULL),
  (9, 2, '0722100004', 'Dan Stoica', 'scrypt$14$8$1$cGluLTk$cGluLTk', NULL, NULL, false, '2025-05-18 15:30+03', NULL);
INSERT INTO notification_registration (observer_id, channel_name, token, updated_at) VALUES
  (1, 'Firebase', 'fcm-ana-5f2c9e', '2025-05-17 18:20+03'),
  (6, 'Firebase', 'fcm-elena-81d0aa', '2025-05-18 06:10+03'),
  (8, 'Firebase', 'fcm-gabriela-77b1c4', '2025-05-17 21:00+03');

-- 30 stations in three statements, then one retired: the registry's version goes from 016's 1 to 5.
INSERT INTO polling_station (id, county_id, number, locality, institution, address, registered_voters, latitude, longitude, updated_at)
SELECT n, (SELECT id FROM county WHERE code = 'CJ'), n, 'Cluj-Napoca', 'Școala Gimnazială nr. ' || n,
  'Str. Memorandumului ' || n, 1000 + 25 * n, 46.76 + n / 1000.0, 23.58, '2025-04-01 10:00+03'
FROM generate_series(1, 12) n;
INSERT INTO polling_station (id, county_id, number, locality, institution, address, registered_voters, updated_at)
SELECT 12 + n, (SELECT id FROM county WHERE code = 'IS'), n, CASE WHEN n <= 8 THEN 'Iași' ELSE 'Păcurari' END,
  'Liceul Teoretic nr. ' || n, 'Bd. Ștefan cel Mare ' || n, 900 + 30 * n, '2025-04-01 10:00+03'
FROM generate_series(1, 12) n;
INSERT INTO polling_station (id, county_id, number, locality, institution, address, updated_at)
SELECT 24 + n, (SELECT id FROM county WHERE code = 'D'), n, (ARRAY['Londra', 'Paris', 'Madrid', 'Roma', 'Torino', 'Chișinău'])[n],
  'Consulatul României', NULL, '2025-04-02 10:00+03'
FROM generate_series(1, 6) n;
UPDATE polling_station SET status = 'retired', updated_at = '2025-05-10 11:00+03' WHERE id = 12;

-- A retired station keeps its assignments (observer 3 at station 12); observer 6 will also report off assignment.
INSERT INTO station_assignment (observer_id, polling_station_id, assigned_at) VALUES
  (1, 1, '2025-05-12 10:00+03'), (1, 2, '2025-05-12 10:00+03'), (2, 3, '2025-05-12 10:00+03'), (3, 12, '2025-05-09 10:00+03'),
  (3, 13, '2025-05-12 10:00+03'), (4, 5, '2025-05-12 10:00+03'), (6, 14, '2025-05-13 10:00+03'), (6, 15, '2025-05-13 10:00+03'),
  (7, 25, '2025-05-13 10:00+03'), (8, 26, '2025-05-13 10:00+03');

-- Forms: A (published), D (abroad only; its option 12 flagged on the day, version 2), C (a draft nobody sees yet).
INSERT INTO form (id, code, description, diaspora, draft, current_version, display_order, updated_at) VALUES
  (1, 'A', 'Deschiderea secției de votare', false, false, 1, 1, '2025-05-10 12:00+03'),
  (2, 'D', 'Secții din străinătate', true, false, 2, 2, '2025-05-18 10:00+03'),
  (3, 'C', 'Numărarea voturilor', false, true, 1, 3, '2025-05-16 09:00+03');
INSERT INTO form_section (id, form_id, code, description, order_number) VALUES
  (1, 1, 'A1', 'Pregătirea secției', 1), (2, 1, 'A2', 'Materiale electorale', 2),
  (3, 2, 'D1', 'Deschiderea secției', 1), (4, 3, 'C1', 'Numărarea', 1);
INSERT INTO question (id, section_id, code, text, question_type, order_number) VALUES
  (1, 1, 'A1.1', 'Ați avut acces în secția de votare înainte de deschidere?', 1, 1),
  (2, 1, 'A1.2', 'Ștampilele de vot au fost numărate și păstrate sigilate?', 2, 2),
  (3, 2, 'A2.1', 'Ce materiale lipseau la deschidere?', 3, 1),
  (4, 3, 'D1.1', 'Secția s-a deschis la ora anunțată?', 1, 1),
  (5, 3, 'D1.2', 'Ce ați observat la deschidere?', 0, 2),
  (6, 4, 'C1.1', 'Numărul buletinelor corespunde procesului-verbal?', 1, 1);
INSERT INTO question_option (id, question_id, text, is_free_text, flagged, order_number) VALUES
  (1, 1, 'Da', false, false, 1), (2, 1, 'Nu', false, true, 2),
  (3, 2, 'Da', false, false, 1), (4, 2, 'Nu', false, true, 2), (5, 2, 'Altele (precizați)', true, false, 3),
  (6, 3, 'Nu lipsea nimic', false, false, 1), (7, 3, 'Buletine de vot', false, true, 2),
  (8, 3, 'Ștampile „VOTAT”', false, true, 3), (9, 3, 'Altele (precizați)', true, true, 4),
  (10, 4, 'Da', false, false, 1), (11, 4, 'Nu', false, true, 2),
  (12, 5, 'Coadă lungă la intrare', false, false, 1), (13, 5, 'Lipsă de buletine', false, true, 2),
  (14, 6, 'Da', false, false, 1), (15, 6, 'Nu', false, true, 2);

-- The day, in order: arrivals, answers and notes, each submission with its live event, and the staff's triage.
INSERT INTO polling_station_info (observer_id, polling_station_id, last_modified, observer_arrival_time, urban_area, is_president_female) VALUES
  (1, 1, '2025-05-18 06:40+03', '2025-05-18 06:40+03', true, true),
  (3, 13, '2025-05-18 06:55+03', '2025-05-18 06:50+03', true, NULL),
  (7, 25, '2025-05-18 07:05+03', '2025-05-18 07:00+03', NULL, false),
  (2, 3, '2025-05-18 07:10+03', '2025-05-18 07:05+03', true, false);
INSERT INTO answer (observer_id, option_id, polling_station_id, value, last_modified) VALUES
  (1, 1, 1, NULL, '2025-05-18 07:30+03'), (1, 4, 1, NULL, '2025-05-18 07:30+03'), (1, 7, 1, NULL, '2025-05-18 07:30+03'),
  (1, 9, 1, 'Lipsesc plicurile pentru buletinele anulate', '2025-05-18 07:30+03');
SELECT record_live_events('answers', ARRAY[1], ARRAY[1], NULL, '2025-05-18 07:30+03');
INSERT INTO note (id, observer_id, polling_station_id, question_id, text, last_modified) VALUES
  (1, 1, 1, 2, 'Ștampilele erau într-o pungă desfăcută.', '2025-05-18 07:35+03');
SELECT record_live_events('note', ARRAY[1], ARRAY[1], NULL, '2025-05-18 07:35+03');

-- Claimed (and renewed until 07:45:30), taken in hand, commented on with an Idempotency-Key.
UPDATE answer_thread SET claim_admin_id = 1, claimed_at = '2025-05-18 07:40+03', claim_expires_at = '2025-05-18 07:45:30+03'
WHERE observer_id = 1 AND polling_station_id = 1;
INSERT INTO thread_event (observer_id, polling_station_id, kind, admin_id, admin_account, at) VALUES (1, 1, 'claim', 1, 'ana.mv', '2025-05-18 07:40+03');
SELECT record_live_events('claim', ARRAY[1], ARRAY[1], 'ana.mv', '2025-05-18 07:40+03');
UPDATE answer_thread SET state = 'in_progress', state_changed_at = '2025-05-18 07:41+03', state_changed_by = 1
WHERE observer_id = 1 AND polling_station_id = 1;
INSERT INTO thread_event (observer_id, polling_station_id, kind, admin_id, admin_account, at, state, previous_state) VALUES
  (1, 1, 'state', 1, 'ana.mv', '2025-05-18 07:41+03', 'in_progress', 'new');
SELECT record_live_events('state', ARRAY[1], ARRAY[1], 'ana.mv', '2025-05-18 07:41+03');
INSERT INTO idempotency_key (admin_id, key, fingerprint, created_at) VALUES
  (1, 'comment-7f3a9c21', encode(sha256('addThreadComment 1 1'), 'hex'), '2025-05-18 07:42+03');
INSERT INTO thread_event (observer_id, polling_station_id, kind, admin_id, admin_account, at, text, idempotency_key) VALUES
  (1, 1, 'comment', 1, 'ana.mv', '2025-05-18 07:42+03', 'Am sunat la BEC, trimit pe cineva.', 'comment-7f3a9c21');
SELECT record_live_events('comment', ARRAY[1], ARRAY[1], 'ana.mv', '2025-05-18 07:42+03');

INSERT INTO answer (observer_id, option_id, polling_station_id, value, last_modified) VALUES
  (4, 1, 5, NULL, '2025-05-18 07:50+03'), (4, 6, 5, NULL, '2025-05-18 07:50+03');
SELECT record_live_events('answers', ARRAY[4], ARRAY[5], NULL, '2025-05-18 07:50+03');
INSERT INTO note (id, observer_id, polling_station_id, question_id, text, last_modified) VALUES
  (2, 3, 13, NULL, 'Coadă până în stradă de la 06:50.', '2025-05-18 07:55+03');
SELECT record_live_events('note', ARRAY[3], ARRAY[13], NULL, '2025-05-18 07:55+03');
INSERT INTO answer (observer_id, option_id, polling_station_id, value, last_modified) VALUES
  (2, 2, 3, NULL, '2025-05-18 08:00+03');
SELECT record_live_events('answers', ARRAY[2], ARRAY[3], NULL, '2025-05-18 08:00+03');
INSERT INTO answer (observer_id, option_id, polling_station_id, value, last_modified) VALUES
  (7, 11, 25, NULL, '2025-05-18 08:10+03'), (7, 12, 25, NULL, '2025-05-18 08:10+03'), (7, 13, 25, NULL, '2025-05-18 08:10+03'),
  (7, 1, 25, NULL, '2025-05-18 08:12+03');
SELECT record_live_events('answers', ARRAY[7], ARRAY[25], NULL, '2025-05-18 08:12+03');
INSERT INTO answer (observer_id, option_id, polling_station_id, value, last_modified) VALUES
  (6, 1, 14, NULL, '2025-05-18 08:20+03'), (6, 5, 14, 'Ușa secției a fost descuiată abia la 07:20', '2025-05-18 08:20+03');
SELECT record_live_events('answers', ARRAY[6], ARRAY[14], NULL, '2025-05-18 08:20+03');
UPDATE answer_thread SET state = 'resolved', resolution_note = 'Fals semnal: ușa era deschisă.', state_changed_at = '2025-05-18 08:30+03',
  state_changed_by = 2 WHERE observer_id = 2 AND polling_station_id = 3;
INSERT INTO thread_event (observer_id, polling_station_id, kind, admin_id, admin_account, at, state, previous_state, text) VALUES
  (2, 3, 'state', 2, 'coordonare.mv', '2025-05-18 08:30+03', 'resolved', 'new', 'Fals semnal: ușa era deschisă.');
SELECT record_live_events('state', ARRAY[2], ARRAY[3], 'coordonare.mv', '2025-05-18 08:30+03');
INSERT INTO answer (observer_id, option_id, polling_station_id, value, last_modified) VALUES (6, 3, 16, NULL, '2025-05-18 09:05+03');
SELECT record_live_events('answers', ARRAY[6], ARRAY[16], NULL, '2025-05-18 09:05+03');
INSERT INTO answer (observer_id, option_id, polling_station_id, value, last_modified) VALUES (1, 1, 2, NULL, '2025-05-18 09:10+03');
SELECT record_live_events('answers', ARRAY[1], ARRAY[2], NULL, '2025-05-18 09:10+03');

INSERT INTO polling_station_info (observer_id, polling_station_id, last_modified, observer_arrival_time) VALUES
  (8, 26, '2025-05-18 09:30+03', '2025-05-18 09:25+03');
INSERT INTO note (id, observer_id, polling_station_id, question_id, text, last_modified) VALUES
  (3, 8, 26, NULL, 'Urna mobilă a plecat fără observatori.', '2025-05-18 09:40+03');
SELECT record_live_events('note', ARRAY[8], ARRAY[26], NULL, '2025-05-18 09:40+03');
-- One stored photo behind two attachments of different notes (migration 010).
INSERT INTO note_attachment (id, note_id, file_name, mime_type, storage_key, size_bytes) VALUES
  (1, 1, 'IMG_0412.jpg', 'image/jpeg', 'note-2b8e61d4-0c1f-4a57-9a0e-5d7f3c2a9e10.jpg', 284113),
  (2, 1, 'IMG_0413.jpg', 'image/jpeg', 'note-9d44f0a2-7e3b-4c86-b1f5-0a6e2d8c4b71.jpg', 301552),
  (3, 3, 'urna.jpg', 'image/jpeg', 'note-2b8e61d4-0c1f-4a57-9a0e-5d7f3c2a9e10.jpg', 284113);

-- Option 12 flagged after it was answered: the reflag triggers recount observer 7's thread and tally.
UPDATE question_option SET flagged = true WHERE id = 12;
UPDATE polling_station_info SET observer_leave_time = '2025-05-18 13:00+03', last_modified = '2025-05-18 13:00+03'
WHERE observer_id = 2 AND polling_station_id = 3;

-- Notifications: one to chosen observers (with an Idempotency-Key), one to all of an NGO's, each recipient's fate.
INSERT INTO notification (id, title, message, channel, sender_from, sender_admin_id, sender_account, sender_ngo_id, sent_at, audience, provider, idempotency_key) VALUES
  (1, 'Plicuri lipsă', 'Verificați plicurile pentru buletinele anulate.', 'Firebase', 'Monitorizare Vot', 1, 'ana.mv', 1, '2025-05-18 10:15+03', 'selected', 'firebase', 'notif-3c90e7b2'),
  (2, 'Închiderea urnelor', 'Rămâneți la numărare până la semnarea procesului-verbal.', 'Firebase', 'APD', 3, 'ioana.apd', 2, '2025-05-18 16:00+03', 'all', 'firebase', NULL);
INSERT INTO idempotency_key (admin_id, key, fingerprint, created_at) VALUES
  (1, 'notif-3c90e7b2', encode(sha256('sendNotification 1 2'), 'hex'), '2025-05-18 10:15+03');
INSERT INTO notification_recipient (notification_id, observer_id, status, reason, attempts, next_attempt_at, updated_at) VALUES
  (1, 1, 'sent', NULL, 1, NULL, '2025-05-18 10:15:02+03'), (1, 2, 'no_device', NULL, 0, NULL, '2025-05-18 10:15+03'),
  (2, 6, 'sent', NULL, 1, NULL, '2025-05-18 16:00:01+03'), (2, 7, 'no_device', NULL, 0, NULL, '2025-05-18 16:00+03'),
  (2, 8, 'failed', 'UNREGISTERED', 1, NULL, '2025-05-18 16:00:01+03'), (2, 9, 'no_device', NULL, 0, NULL, '2025-05-18 16:00+03');

INSERT INTO audit_entry (at, action, actor_admin_id, actor_account, actor_ngo_name, subject_type, subject_id, subject_station_id, subject_label, ngo_id, ngo_name, changes, count) VALUES
  ('2025-05-10 11:00+03', 'station.retired', 1, 'ana.mv', 'Monitorizare Vot', 'station', 12, NULL, 'CJ 12, Cluj-Napoca', NULL, NULL, '[{"field": "status", "from": "active", "to": "retired"}]', NULL),
  ('2025-05-16 09:00+03', 'form.published', 1, 'ana.mv', 'Monitorizare Vot', 'form', 2, NULL, 'D: Secții din străinătate', NULL, NULL, '[{"field": "draft", "from": true, "to": false}]', NULL),
  ('2025-05-18 07:41+03', 'thread.stateChanged', 1, 'ana.mv', 'Monitorizare Vot', 'thread', 1, 1, 'Ana Popescu (0722100001), CJ 1', 1, 'Monitorizare Vot', '[{"field": "state", "from": "new", "to": "in_progress"}]', NULL),
  ('2025-05-18 08:30+03', 'thread.stateChanged', 2, 'coordonare.mv', 'Monitorizare Vot', 'thread', 2, 3, 'Bogdan Ionescu (0722100002), CJ 3', 1, 'Monitorizare Vot', '[{"field": "state", "from": "new", "to": "resolved"}]', NULL),
  ('2025-05-18 10:00+03', 'form.updated', 1, 'ana.mv', 'Monitorizare Vot', 'form', 2, NULL, 'D: Secții din străinătate', NULL, NULL, '[{"field": "currentVersion", "from": 1, "to": 2}]', NULL),
  ('2025-05-18 10:15+03', 'notification.sent', 1, 'ana.mv', 'Monitorizare Vot', 'notification', 1, NULL, 'Plicuri lipsă', 1, 'Monitorizare Vot', '[{"field": "audience", "from": null, "to": "selected"}]', 2),
  ('2025-05-18 15:00+03', 'observer.deleted', 1, 'ana.mv', 'Monitorizare Vot', 'observer', 4, NULL, 'Dan Stoica (0722100004)', 1, 'Monitorizare Vot', '[]', NULL),
  ('2025-05-18 15:30+03', 'observer.created', 3, 'ioana.apd', 'Asociația Pro Democrația', 'observer', 9, NULL, 'Dan Stoica (0722100004)', 2, 'Asociația Pro Democrația', '[]', NULL),
  ('2025-05-18 16:00+03', 'notification.sent', 3, 'ioana.apd', 'Asociația Pro Democrația', 'notification', 2, NULL, 'Închiderea urnelor', 2, 'Asociația Pro Democrația', '[{"field": "audience", "from": null, "to": "all"}]', 4);

-- An account over its attempts, and an address slowed down.
INSERT INTO sign_in_throttle (key, window_start, attempts, next_at) VALUES
  ('account:ioana.apd', '2025-05-18 16:50+03', 11, NULL),
  ('address:203.0.113.7', '2025-05-18 16:45+03', 104, '2025-05-18 16:58:02+03');

DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['ngo', 'ngo_admin', 'observer', 'polling_station', 'form', 'form_section', 'question',
    'question_option', 'note', 'note_attachment', 'notification'] LOOP
    EXECUTE format('SELECT setval(pg_get_serial_sequence(%L, ''id''), max(id)) FROM %I', name, name);
  END LOOP;
END $$;
