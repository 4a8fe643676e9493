-- CreateIndex: audit entries about a person, oldest first (their data download reads them by
-- this range 200 at a time; their account's deletion finds them).
CREATE INDEX "AuditLog_targetId_createdAt_id_idx" ON "AuditLog"("targetId", "createdAt", "id");
