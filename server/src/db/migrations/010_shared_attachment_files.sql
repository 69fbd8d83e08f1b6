-- One stored file may back several attachments: the election-day dataset (npm run seed:scale) shares a handful of
-- photos between its 100,000 attachments instead of writing 100,000 files. The keys the server itself writes stay
-- unique (a UUID each), and nothing deletes a stored file, so no attachment can lose its file with another one.
ALTER TABLE note_attachment DROP CONSTRAINT note_attachment_storage_key_key;
