-- GET /api/certificados/usuario/{id} pages a holder's certificates newest first by keyset (issue 24 §6).
-- CreateIndex
CREATE INDEX "Certificate_userId_emitidoEn_id_idx" ON "Certificate"("userId", "emitidoEn", "id");
