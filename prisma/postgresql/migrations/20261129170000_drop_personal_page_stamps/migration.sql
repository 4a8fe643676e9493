-- The per-person page cache is gone (decision 017): its versions (CacheStamp "user:{id}") and the
-- triggers that bumped them on every write to a person's rows (migrations personal_page_stamps
-- and notifications), with their functions, go with it. The catalog's stamp stays (the anonymous
-- cache).

DROP TRIGGER IF EXISTS "User_personal_stamp" ON "User";
DROP TRIGGER IF EXISTS "Enrolment_personal_stamp" ON "Enrolment";
DROP TRIGGER IF EXISTS "QuizAttempt_personal_stamp" ON "QuizAttempt";
DROP TRIGGER IF EXISTS "Certificate_personal_stamp" ON "Certificate";
DROP TRIGGER IF EXISTS "Message_personal_stamp" ON "Message";
DROP TRIGGER IF EXISTS "Notification_personal_stamp" ON "Notification";
DROP TRIGGER IF EXISTS "NotificationPref_personal_stamp" ON "NotificationPref";

DROP FUNCTION IF EXISTS "user_personal_stamp"();
DROP FUNCTION IF EXISTS "enrolment_personal_stamp"();
DROP FUNCTION IF EXISTS "quizattempt_personal_stamp"();
DROP FUNCTION IF EXISTS "certificate_personal_stamp"();
DROP FUNCTION IF EXISTS "message_personal_stamp"();
DROP FUNCTION IF EXISTS "notification_personal_stamp"();
DROP FUNCTION IF EXISTS "personal_stamp_bump"(TEXT);

DELETE FROM "CacheStamp" WHERE "name" LIKE 'user:%';
