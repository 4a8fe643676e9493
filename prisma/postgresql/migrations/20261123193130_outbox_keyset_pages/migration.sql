-- DropIndex
DROP INDEX "OutboxMail_createdAt_idx";

-- CreateIndex
CREATE INDEX "OutboxMail_createdAt_id_idx" ON "OutboxMail"("createdAt", "id");

-- CreateIndex
CREATE INDEX "OutboxMail_status_createdAt_id_idx" ON "OutboxMail"("status", "createdAt", "id");

-- Tally: the admin outbox list's counts, all and per status (docs/decisions/009-flat-cost-at-scale.md).
INSERT INTO "Tally" ("key", "n") SELECT 'outbox:all', COUNT(*) FROM "OutboxMail";
INSERT INTO "Tally" ("key", "n") SELECT 'outbox:' || "status", COUNT(*) FROM "OutboxMail" GROUP BY "status";

CREATE FUNCTION "outbox_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    IF TG_OP = 'DELETE' THEN PERFORM "tally_add"('outbox:all', -1); END IF;
    PERFORM "tally_add"('outbox:' || OLD."status", -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF TG_OP = 'INSERT' THEN PERFORM "tally_add"('outbox:all', 1); END IF;
    PERFORM "tally_add"('outbox:' || NEW."status", 1);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "OutboxMail_tally_insert_delete" AFTER INSERT OR DELETE ON "OutboxMail"
  FOR EACH ROW EXECUTE FUNCTION "outbox_tally"();
CREATE TRIGGER "OutboxMail_tally_update" AFTER UPDATE OF "status" ON "OutboxMail"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "outbox_tally"();
