-- The per-person page cache is gone (decision 017): its versions (CacheStamp "user:{id}") and the
-- triggers that bumped them on every write to a person's rows (migrations personal_page_stamps,
-- class_progress and notifications) go with it. The catalog's stamp stays (the anonymous cache).
-- Written by hand: triggers and rows only, no table changes.

DROP TRIGGER IF EXISTS "User_personal_stamp_insert";
DROP TRIGGER IF EXISTS "User_personal_stamp_update";
DROP TRIGGER IF EXISTS "User_personal_stamp_delete";
DROP TRIGGER IF EXISTS "Enrolment_personal_stamp_insert";
DROP TRIGGER IF EXISTS "Enrolment_personal_stamp_update";
DROP TRIGGER IF EXISTS "Enrolment_personal_stamp_delete";
DROP TRIGGER IF EXISTS "QuizAttempt_personal_stamp_insert";
DROP TRIGGER IF EXISTS "QuizAttempt_personal_stamp_update";
DROP TRIGGER IF EXISTS "QuizAttempt_personal_stamp_delete";
DROP TRIGGER IF EXISTS "Certificate_personal_stamp_insert";
DROP TRIGGER IF EXISTS "Certificate_personal_stamp_update";
DROP TRIGGER IF EXISTS "Certificate_personal_stamp_delete";
DROP TRIGGER IF EXISTS "Message_personal_stamp_insert";
DROP TRIGGER IF EXISTS "Message_personal_stamp_update";
DROP TRIGGER IF EXISTS "Message_personal_stamp_delete";
DROP TRIGGER IF EXISTS "Notification_personal_stamp_insert";
DROP TRIGGER IF EXISTS "Notification_personal_stamp_update";
DROP TRIGGER IF EXISTS "Notification_personal_stamp_delete";
DROP TRIGGER IF EXISTS "NotificationPref_personal_stamp_insert";
DROP TRIGGER IF EXISTS "NotificationPref_personal_stamp_update";
DROP TRIGGER IF EXISTS "NotificationPref_personal_stamp_delete";

DELETE FROM "CacheStamp" WHERE "name" LIKE 'user:%';
