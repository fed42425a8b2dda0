-- The audit log's trigger refused UPDATE and DELETE row by row; TRUNCATE fires no row trigger, so it emptied
-- the log. A statement trigger refuses it too (same function, same error).
CREATE TRIGGER moderation_actions_no_truncate BEFORE TRUNCATE ON "moderation_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION moderation_actions_append_only();
