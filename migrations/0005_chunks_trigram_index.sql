-- Hand-written: a trigram index over chunk text, so a query word also finds German compounds that contain it
-- ("Impfung" → "Grippeimpfung"). Contentless like chunks_fts; lower-cased and ß-folded by the triggers.
CREATE VIRTUAL TABLE `chunks_trigram` USING fts5(
  text,
  content = '',
  contentless_delete = 1,
  tokenize = 'trigram remove_diacritics 1'
);
--> statement-breakpoint
INSERT INTO `chunks_trigram` (rowid, text)
  SELECT rowid, lower(replace(replace(doc_name || ' ' || important_kwd || ' ' || question_kwd || ' ' || content, 'ß', 'ss'), 'ẞ', 'SS')) FROM `chunks`;
--> statement-breakpoint
CREATE TRIGGER `chunks_trigram_after_insert` AFTER INSERT ON `chunks` BEGIN
  INSERT INTO `chunks_trigram` (rowid, text) VALUES (
    new.rowid,
    lower(replace(replace(new.doc_name || ' ' || new.important_kwd || ' ' || new.question_kwd || ' ' || new.content, 'ß', 'ss'), 'ẞ', 'SS'))
  );
END;
--> statement-breakpoint
CREATE TRIGGER `chunks_trigram_after_delete` AFTER DELETE ON `chunks` BEGIN
  DELETE FROM `chunks_trigram` WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `chunks_trigram_after_update` AFTER UPDATE OF doc_name, content, important_kwd, question_kwd ON `chunks` BEGIN
  DELETE FROM `chunks_trigram` WHERE rowid = old.rowid;
  INSERT INTO `chunks_trigram` (rowid, text) VALUES (
    new.rowid,
    lower(replace(replace(new.doc_name || ' ' || new.important_kwd || ' ' || new.question_kwd || ' ' || new.content, 'ß', 'ss'), 'ẞ', 'SS'))
  );
END;
