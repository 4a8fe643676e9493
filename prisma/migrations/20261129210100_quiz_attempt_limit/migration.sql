-- A module's attempt limit (docs/product.md#grading): null, the default, is unlimited.
ALTER TABLE "Module" ADD COLUMN "intentosMaximos" INTEGER;
