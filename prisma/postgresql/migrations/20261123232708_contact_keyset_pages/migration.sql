-- DropIndex
DROP INDEX "ContactMessage_createdAt_idx";

-- CreateIndex
CREATE INDEX "ContactMessage_createdAt_id_idx" ON "ContactMessage"("createdAt", "id");

-- Tally: the admin contact list's count (docs/decisions/009-flat-cost-at-scale.md).
INSERT INTO "Tally" ("key", "n") SELECT 'contact:all', COUNT(*) FROM "ContactMessage";

CREATE FUNCTION "contact_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "tally_add"('contact:all', CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END);
  RETURN NULL;
END;
$$;
CREATE TRIGGER "ContactMessage_tally_insert_delete" AFTER INSERT OR DELETE ON "ContactMessage"
  FOR EACH ROW EXECUTE FUNCTION "contact_tally"();
