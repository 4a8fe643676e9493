-- Word indexes of the course catalog and the accounts (issue 24 §3, docs/decisions/009-flat-cost-at-scale.md):
-- filled for older rows at start (backfillCourseWords, backfillUserWords), since the accent folding is JavaScript's.
-- CreateTable
CREATE TABLE "UserWord" (
    "userId" TEXT NOT NULL,
    "word" TEXT NOT NULL,

    PRIMARY KEY ("userId", "word"),
    CONSTRAINT "UserWord_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CourseWord" (
    "courseId" TEXT NOT NULL,
    "word" TEXT NOT NULL,

    PRIMARY KEY ("courseId", "word"),
    CONSTRAINT "CourseWord_courseId_fkey" FOREIGN KEY ("courseId") REFERENCES "Course" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "UserWord_word_userId_idx" ON "UserWord"("word", "userId");

-- CreateIndex
CREATE INDEX "CourseWord_word_courseId_idx" ON "CourseWord"("word", "courseId");
