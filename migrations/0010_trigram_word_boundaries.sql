-- Hand-written: the trigram index now holds every word between spaces (punctuation, brackets, quotes and line
-- breaks become spaces, and the text is padded with one space each side), so a query's character 4-grams can
-- carry word boundaries: " imp" matches only where a word starts, "ung " only where one ends. Retrieval scores
-- these 4-grams with bm25 as the partial-word and compound signal ("Impfung" ~ "Impfstoff").
DROP TRIGGER IF EXISTS `chunks_trigram_after_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `chunks_trigram_after_update`;
--> statement-breakpoint
INSERT INTO `chunks_trigram` (`chunks_trigram`) VALUES ('delete-all');
--> statement-breakpoint
INSERT INTO `chunks_trigram` (rowid, text)
  SELECT rowid, ' ' || lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(doc_name || ' ' || important_kwd || ' ' || question_kwd || ' ' || content, 'ß', 'ss'), 'ẞ', 'SS'), '.', ' '), ',', ' '), ';', ' '), ':', ' '), '!', ' '), '?', ' '), '(', ' '), ')', ' '), '[', ' '), ']', ' '), '"', ' '), '''', ' '), '/', ' '), '-', ' '), '*', ' '), '|', ' '), char(9), ' '), char(10), ' '), char(13), ' ')) || ' ' FROM `chunks`;
--> statement-breakpoint
CREATE TRIGGER `chunks_trigram_after_insert` AFTER INSERT ON `chunks` BEGIN
  INSERT INTO `chunks_trigram` (rowid, text) VALUES (
    new.rowid,
    ' ' || lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.doc_name || ' ' || new.important_kwd || ' ' || new.question_kwd || ' ' || new.content, 'ß', 'ss'), 'ẞ', 'SS'), '.', ' '), ',', ' '), ';', ' '), ':', ' '), '!', ' '), '?', ' '), '(', ' '), ')', ' '), '[', ' '), ']', ' '), '"', ' '), '''', ' '), '/', ' '), '-', ' '), '*', ' '), '|', ' '), char(9), ' '), char(10), ' '), char(13), ' ')) || ' '
  );
END;
--> statement-breakpoint
CREATE TRIGGER `chunks_trigram_after_update` AFTER UPDATE OF doc_name, content, important_kwd, question_kwd ON `chunks` BEGIN
  DELETE FROM `chunks_trigram` WHERE rowid = old.rowid;
  INSERT INTO `chunks_trigram` (rowid, text) VALUES (
    new.rowid,
    ' ' || lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(new.doc_name || ' ' || new.important_kwd || ' ' || new.question_kwd || ' ' || new.content, 'ß', 'ss'), 'ẞ', 'SS'), '.', ' '), ',', ' '), ';', ' '), ':', ' '), '!', ' '), '?', ' '), '(', ' '), ')', ' '), '[', ' '), ']', ' '), '"', ' '), '''', ' '), '/', ' '), '-', ' '), '*', ' '), '|', ' '), char(9), ' '), char(10), ' '), char(13), ' ')) || ' '
  );
END;
