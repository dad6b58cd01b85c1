-- Hand-written: the trigram index's vocabulary (documents per trigram), so retrieval can leave out the 4-grams
-- that nearly every chunk contains: their bm25 weight is nil and they cost the most to match.
CREATE VIRTUAL TABLE `chunks_trigram_vocab` USING fts5vocab('chunks_trigram', 'row');
