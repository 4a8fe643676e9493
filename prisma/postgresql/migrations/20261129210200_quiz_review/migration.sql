-- What a learner sees after an attempt (docs/product.md#grading): every module so far showed the
-- score and which questions were wrong, at once ('errores', 'inmediata').
ALTER TABLE "Module" ADD COLUMN "revision" TEXT NOT NULL DEFAULT 'errores';
ALTER TABLE "Module" ADD COLUMN "revisionCuando" TEXT NOT NULL DEFAULT 'inmediata';
