-- The feed's total without counting every visible moment: per author, how many moments there are
-- and how many of them are for all friends. A feed's total is the reader's own count, plus the
-- all-friends count of each author in the feed, plus the tag-limited moments counted one by one
-- (few, and found through their own partial index).

CREATE TABLE moment_author_counts (
  author_wt_id TEXT PRIMARY KEY REFERENCES users(wt_id) ON DELETE CASCADE,
  total        INTEGER NOT NULL DEFAULT 0,
  all_friends  INTEGER NOT NULL DEFAULT 0
);

INSERT INTO moment_author_counts (author_wt_id, total, all_friends)
SELECT author_wt_id, count(*), count(*) FILTER (WHERE visibility = 0) FROM moments GROUP BY author_wt_id;

CREATE FUNCTION moment_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO moment_author_counts AS c (author_wt_id, total, all_friends)
    VALUES (NEW.author_wt_id, 1, CASE WHEN NEW.visibility = 0 THEN 1 ELSE 0 END)
    ON CONFLICT (author_wt_id) DO UPDATE SET total = c.total + 1, all_friends = c.all_friends + EXCLUDED.all_friends;
    RETURN NEW;
  END IF;
  UPDATE moment_author_counts c SET total = c.total - 1, all_friends = c.all_friends - CASE WHEN OLD.visibility = 0 THEN 1 ELSE 0 END
  WHERE c.author_wt_id = OLD.author_wt_id;
  RETURN OLD;
END
$$;

CREATE TRIGGER moments_count AFTER INSERT OR DELETE ON moments FOR EACH ROW EXECUTE FUNCTION moment_counts_follow();

CREATE INDEX moments_author_limited ON moments (author_wt_id) WHERE visibility IN (2, 3);
