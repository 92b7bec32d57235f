-- The dictionary keeps no words with digits: they were never typo targets (the server dropped them
-- after the lookup), and thousands of them (ann1987, kowalski123) made every typo lookup slow.
-- search: text folding (lower-case, accents off) and the words of a text
CREATE OR REPLACE FUNCTION search_fold(p text) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS
$$ SELECT lower(unaccent(p)) $$;

CREATE OR REPLACE FUNCTION search_vec(p_folded text, p_weight "char") RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT setweight(to_tsvector('simple', regexp_replace(coalesce(p_folded, ''), '[^[:alnum:]]+', ' ', 'g')), p_weight) $$;

-- the dictionary's words of a text: typo targets and completions, so never words with digits
-- (codes, phone numbers, e-mail local parts like ann1987: thousands of near-identical words)
CREATE OR REPLACE FUNCTION search_words(p_folded text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT DISTINCT w FROM regexp_split_to_table(coalesce(p_folded, ''), '[^[:alnum:]]+') w WHERE char_length(w) BETWEEN 2 AND 64 AND w !~ '[0-9]' $$;

-- typo candidates of a query word from the dictionary of an account, mode and the resources a
-- key may read: words sharing trigrams with it (index), within twice the allowed edits by
-- Levenshtein (the exact Damerau/OSA check runs on these few in the server), p_prefix: a
-- word whose beginning is within reach (the last word of a query)
CREATE OR REPLACE FUNCTION search_typo_candidates(p_account text, p_live boolean, p_resources text[], p_word text, p_max int, p_prefix boolean)
RETURNS TABLE(word text) LANGUAGE sql STABLE
SET pg_trgm.similarity_threshold = 0.2 SET pg_trgm.word_similarity_threshold = 0.4 AS
$$
  (SELECT DISTINCT d.word FROM "SearchWord" d
    WHERE d."accountId" = p_account AND d.livemode = p_live AND d.resource = ANY(p_resources)
      AND d.word % p_word AND levenshtein_less_equal(d.word, p_word, 2 * p_max) <= 2 * p_max
    LIMIT 200)
  UNION
  (SELECT DISTINCT d.word FROM "SearchWord" d
    WHERE p_prefix AND d."accountId" = p_account AND d.livemode = p_live AND d.resource = ANY(p_resources)
      AND p_word <% d.word AND char_length(d.word) > char_length(p_word)
      AND levenshtein_less_equal(left(d.word, char_length(p_word)), p_word, 2 * p_max) <= 2 * p_max
    LIMIT 200)
$$;

-- the nearest words (suggestions), whatever the distance
CREATE OR REPLACE FUNCTION search_nearest_words(p_account text, p_live boolean, p_resources text[], p_word text, p_limit int)
RETURNS TABLE(word text, score real) LANGUAGE sql STABLE
SET pg_trgm.similarity_threshold = 0.3 AS
$$
  SELECT w.word, max(similarity(w.word, p_word)) FROM "SearchWord" w
  WHERE w."accountId" = p_account AND w.livemode = p_live AND w.resource = ANY(p_resources) AND w.word % p_word
  GROUP BY w.word ORDER BY 2 DESC, 1 LIMIT p_limit
$$;

DELETE FROM "SearchWord" WHERE word ~ '[0-9]';
