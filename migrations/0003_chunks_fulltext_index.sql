-- Hand-written (drizzle does not model virtual tables): the keyword index over chunks.
-- Contentless FTS5 keeps no copy of the text; triggers feed it from `chunks`.
-- unicode61 remove_diacritics 2 folds ä/ö/ü/é but not ß, so ß/ẞ become ss here and in queries.
CREATE VIRTUAL TABLE `chunks_fts` USING fts5(
  title, keywords, questions, content,
  content = '',
  contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `chunks_fts_after_insert` AFTER INSERT ON `chunks` BEGIN
  INSERT INTO `chunks_fts` (rowid, title, keywords, questions, content) VALUES (
    new.rowid,
    replace(replace(new.doc_name, 'ß', 'ss'), 'ẞ', 'SS'),
    replace(replace(new.important_kwd, 'ß', 'ss'), 'ẞ', 'SS'),
    replace(replace(new.question_kwd, 'ß', 'ss'), 'ẞ', 'SS'),
    replace(replace(new.content, 'ß', 'ss'), 'ẞ', 'SS')
  );
END;
--> statement-breakpoint
CREATE TRIGGER `chunks_fts_after_delete` AFTER DELETE ON `chunks` BEGIN
  DELETE FROM `chunks_fts` WHERE rowid = old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `chunks_fts_after_update` AFTER UPDATE OF doc_name, content, important_kwd, question_kwd ON `chunks` BEGIN
  DELETE FROM `chunks_fts` WHERE rowid = old.rowid;
  INSERT INTO `chunks_fts` (rowid, title, keywords, questions, content) VALUES (
    new.rowid,
    replace(replace(new.doc_name, 'ß', 'ss'), 'ẞ', 'SS'),
    replace(replace(new.important_kwd, 'ß', 'ss'), 'ẞ', 'SS'),
    replace(replace(new.question_kwd, 'ß', 'ss'), 'ẞ', 'SS'),
    replace(replace(new.content, 'ß', 'ss'), 'ẞ', 'SS')
  );
END;
