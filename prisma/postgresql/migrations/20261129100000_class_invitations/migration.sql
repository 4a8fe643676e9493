-- Invitations to a class (docs/decisions/032-class-invitations.md): a class import invites an account
-- that already exists instead of enrolling it; the person joins when they accept.
-- CreateTable
CREATE TABLE "ClassInvitation" (
    "id" TEXT NOT NULL,
    "claseId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "invitedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "declinedAt" TIMESTAMP(3),

    CONSTRAINT "ClassInvitation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ClassInvitation_claseId_userId_key" ON "ClassInvitation"("claseId", "userId");

-- CreateIndex
CREATE INDEX "ClassInvitation_userId_createdAt_idx" ON "ClassInvitation"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "ClassInvitation_invitedById_idx" ON "ClassInvitation"("invitedById");

-- AddForeignKey
ALTER TABLE "ClassInvitation" ADD CONSTRAINT "ClassInvitation_claseId_fkey" FOREIGN KEY ("claseId") REFERENCES "CourseClass"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClassInvitation" ADD CONSTRAINT "ClassInvitation_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClassInvitation" ADD CONSTRAINT "ClassInvitation_invitedById_fkey" FOREIGN KEY ("invitedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
