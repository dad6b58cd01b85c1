-- Where a chunk's text is on its PDF pages (RAGFlow's position_int): a JSON list of [page, left, right, top,
-- bottom] in PDF points from the page's top left. Chunks stored before (and other formats) keep [] and answer
-- their pages as [page, 0, 0, 0, 0].
ALTER TABLE `chunks` ADD `position_int` text DEFAULT '[]' NOT NULL;
