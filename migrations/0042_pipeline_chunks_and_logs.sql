-- Ingestion pipelines: an Extractor's summary is kept with its chunk and searched with the chunk's text (the keyword
-- index's content column takes both; RAGFlow searches a chunk with a summary by that summary); a parse log names
-- the pipeline that ran it.
ALTER TABLE `chunks` ADD `summary` text DEFAULT '' NOT NULL;
ALTER TABLE `ingestion_logs` ADD `pipeline_id` text;
ALTER TABLE `ingestion_logs` ADD `pipeline_title` text DEFAULT '' NOT NULL;
DROP TRIGGER `chunks_fts_after_insert`;
DROP TRIGGER `chunks_fts_after_update`;
CREATE TRIGGER `chunks_fts_after_insert` AFTER INSERT ON `chunks` BEGIN
  INSERT INTO `chunks_fts` (rowid, title, keywords, questions, content) VALUES (
    new.rowid,
    replace(replace(new.doc_name, 'ß', 'ss'), 'ẞ', 'SS'),
    replace(replace(new.important_kwd, 'ß', 'ss'), 'ẞ', 'SS'),
    replace(replace(new.question_kwd, 'ß', 'ss'), 'ẞ', 'SS'),
    replace(replace(new.content || char(10) || new.summary, 'ß', 'ss'), 'ẞ', 'SS')
  );
END;
CREATE TRIGGER `chunks_fts_after_update` AFTER UPDATE OF doc_name, content, important_kwd, question_kwd, summary ON `chunks` BEGIN
  DELETE FROM `chunks_fts` WHERE rowid = old.rowid;
  INSERT INTO `chunks_fts` (rowid, title, keywords, questions, content) VALUES (
    new.rowid,
    replace(replace(new.doc_name, 'ß', 'ss'), 'ẞ', 'SS'),
    replace(replace(new.important_kwd, 'ß', 'ss'), 'ẞ', 'SS'),
    replace(replace(new.question_kwd, 'ß', 'ss'), 'ẞ', 'SS'),
    replace(replace(new.content || char(10) || new.summary, 'ß', 'ss'), 'ẞ', 'SS')
  );
END;
