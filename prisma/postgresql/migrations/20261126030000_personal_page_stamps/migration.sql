-- A signed-in person's own version (CacheStamp "user:{id}"): every insert, change and delete of
-- the rows their pages show (their User row, enrolments, quiz attempts, certificates, messages
-- received and sent) bumps it, whoever writes. The personal page cache
-- (app/features/site/personal-page-cache.server.ts, decision 017) replays a page only while it is
-- unchanged. A version exists only while its user does (deleting the account deletes it, and the
-- rows deleted with the account do not bring it back).

CREATE FUNCTION "personal_stamp_bump"(user_id TEXT) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "CacheStamp" ("name", "version")
    SELECT 'user:' || user_id, 1 WHERE EXISTS (SELECT 1 FROM "User" WHERE "id" = user_id)
    ON CONFLICT ("name") DO UPDATE SET "version" = "CacheStamp"."version" + 1;
$$;

CREATE FUNCTION "user_personal_stamp"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN DELETE FROM "CacheStamp" WHERE "name" = 'user:' || OLD."id"; RETURN NULL; END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD."id" IS NOT NULL THEN PERFORM "personal_stamp_bump"(OLD."id"); END IF;
  IF (TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND OLD."id" IS DISTINCT FROM NEW."id")) AND NEW."id" IS NOT NULL THEN
    PERFORM "personal_stamp_bump"(NEW."id");
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "User_personal_stamp" AFTER INSERT OR UPDATE OR DELETE ON "User"
  FOR EACH ROW EXECUTE FUNCTION "user_personal_stamp"();

CREATE FUNCTION "enrolment_personal_stamp"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD."userId" IS NOT NULL THEN PERFORM "personal_stamp_bump"(OLD."userId"); END IF;
  IF (TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND OLD."userId" IS DISTINCT FROM NEW."userId")) AND NEW."userId" IS NOT NULL THEN
    PERFORM "personal_stamp_bump"(NEW."userId");
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Enrolment_personal_stamp" AFTER INSERT OR UPDATE OR DELETE ON "Enrolment"
  FOR EACH ROW EXECUTE FUNCTION "enrolment_personal_stamp"();

CREATE FUNCTION "quizattempt_personal_stamp"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD."userId" IS NOT NULL THEN PERFORM "personal_stamp_bump"(OLD."userId"); END IF;
  IF (TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND OLD."userId" IS DISTINCT FROM NEW."userId")) AND NEW."userId" IS NOT NULL THEN
    PERFORM "personal_stamp_bump"(NEW."userId");
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "QuizAttempt_personal_stamp" AFTER INSERT OR UPDATE OR DELETE ON "QuizAttempt"
  FOR EACH ROW EXECUTE FUNCTION "quizattempt_personal_stamp"();

CREATE FUNCTION "certificate_personal_stamp"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD."userId" IS NOT NULL THEN PERFORM "personal_stamp_bump"(OLD."userId"); END IF;
  IF (TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND OLD."userId" IS DISTINCT FROM NEW."userId")) AND NEW."userId" IS NOT NULL THEN
    PERFORM "personal_stamp_bump"(NEW."userId");
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Certificate_personal_stamp" AFTER INSERT OR UPDATE OR DELETE ON "Certificate"
  FOR EACH ROW EXECUTE FUNCTION "certificate_personal_stamp"();

CREATE FUNCTION "message_personal_stamp"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD."toId" IS NOT NULL THEN PERFORM "personal_stamp_bump"(OLD."toId"); END IF;
  IF (TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND OLD."toId" IS DISTINCT FROM NEW."toId")) AND NEW."toId" IS NOT NULL THEN
    PERFORM "personal_stamp_bump"(NEW."toId");
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD."fromId" IS NOT NULL THEN PERFORM "personal_stamp_bump"(OLD."fromId"); END IF;
  IF (TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND OLD."fromId" IS DISTINCT FROM NEW."fromId")) AND NEW."fromId" IS NOT NULL THEN
    PERFORM "personal_stamp_bump"(NEW."fromId");
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Message_personal_stamp" AFTER INSERT OR UPDATE OR DELETE ON "Message"
  FOR EACH ROW EXECUTE FUNCTION "message_personal_stamp"();
