-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "nombre" TEXT NOT NULL,
    "apellido" TEXT NOT NULL,
    "correo" TEXT NOT NULL,
    "fechaNacimiento" DATETIME,
    "rol" TEXT NOT NULL,
    "aprobado" BOOLEAN NOT NULL DEFAULT false,
    "aprobadoEn" DATETIME,
    "imagenPerfil" TEXT,
    "passwordHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "lastSeenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Course" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "titulo" TEXT NOT NULL,
    "imagen" TEXT,
    "bienvenida" TEXT NOT NULL DEFAULT '',
    "duracionHoras" REAL,
    "dirigidoA" TEXT NOT NULL DEFAULT 'general',
    "estado" TEXT NOT NULL DEFAULT 'borrador',
    "publicadoEn" DATETIME,
    "fechaInicio" DATETIME,
    "fechaTermino" DATETIME,
    "herramientas" JSONB NOT NULL,
    "loAprenderan" JSONB NOT NULL,
    "cantidadParticipantes" INTEGER NOT NULL DEFAULT 0,
    "creadoPorId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Course_creadoPorId_fkey" FOREIGN KEY ("creadoPorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Module" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "cursoId" TEXT NOT NULL,
    "posicion" INTEGER NOT NULL,
    "titulo" TEXT NOT NULL,
    "descripcion" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Module_cursoId_fkey" FOREIGN KEY ("cursoId") REFERENCES "Course" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ModuleFile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "moduloId" TEXT NOT NULL,
    "posicion" INTEGER NOT NULL DEFAULT 0,
    "nombre" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "tipo" TEXT NOT NULL DEFAULT 'application/pdf',
    "tamano" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ModuleFile_moduloId_fkey" FOREIGN KEY ("moduloId") REFERENCES "Module" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ModuleLink" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "moduloId" TEXT NOT NULL,
    "posicion" INTEGER NOT NULL DEFAULT 0,
    "nombre" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    CONSTRAINT "ModuleLink_moduloId_fkey" FOREIGN KEY ("moduloId") REFERENCES "Module" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "QuizQuestion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "moduloId" TEXT NOT NULL,
    "posicion" INTEGER NOT NULL,
    "texto" TEXT NOT NULL,
    CONSTRAINT "QuizQuestion_moduloId_fkey" FOREIGN KEY ("moduloId") REFERENCES "Module" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "QuizOption" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "preguntaId" TEXT NOT NULL,
    "posicion" INTEGER NOT NULL,
    "texto" TEXT NOT NULL,
    "correcta" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "QuizOption_preguntaId_fkey" FOREIGN KEY ("preguntaId") REFERENCES "QuizQuestion" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Enrolment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "cursoId" TEXT NOT NULL,
    "progreso" INTEGER NOT NULL DEFAULT 0,
    "registradoEn" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finalizadoEn" DATETIME,
    CONSTRAINT "Enrolment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Enrolment_cursoId_fkey" FOREIGN KEY ("cursoId") REFERENCES "Course" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "QuizAttempt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "cursoId" TEXT NOT NULL,
    "moduloId" TEXT NOT NULL,
    "porcentaje" INTEGER NOT NULL,
    "aprobado" BOOLEAN NOT NULL,
    "correctas" INTEGER NOT NULL,
    "totalPreguntas" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "QuizAttempt_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "QuizAttempt_cursoId_fkey" FOREIGN KEY ("cursoId") REFERENCES "Course" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "QuizAttempt_moduloId_fkey" FOREIGN KEY ("moduloId") REFERENCES "Module" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AttemptAnswer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "intentoId" TEXT NOT NULL,
    "preguntaId" TEXT,
    "opcionId" TEXT,
    "pregunta" TEXT NOT NULL,
    "respuestaUsuario" TEXT NOT NULL,
    "esCorrecta" BOOLEAN NOT NULL,
    CONSTRAINT "AttemptAnswer_intentoId_fkey" FOREIGN KEY ("intentoId") REFERENCES "QuizAttempt" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AttemptAnswer_preguntaId_fkey" FOREIGN KEY ("preguntaId") REFERENCES "QuizQuestion" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "AttemptAnswer_opcionId_fkey" FOREIGN KEY ("opcionId") REFERENCES "QuizOption" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Certificate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "codigo" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "cursoId" TEXT NOT NULL,
    "nombreTitular" TEXT NOT NULL,
    "tituloCurso" TEXT NOT NULL,
    "duracionHoras" REAL,
    "emitidoEn" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "pdfKey" TEXT,
    CONSTRAINT "Certificate_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Certificate_cursoId_fkey" FOREIGN KEY ("cursoId") REFERENCES "Course" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Book" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "title" TEXT NOT NULL,
    "author" TEXT NOT NULL,
    "pages" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "pdfKey" TEXT NOT NULL,
    "pdfSize" INTEGER NOT NULL,
    "searchText" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Message" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "fromId" TEXT,
    "toId" TEXT,
    "from" TEXT NOT NULL,
    "fromName" TEXT NOT NULL,
    "fromRole" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "leidoEn" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Message_fromId_fkey" FOREIGN KEY ("fromId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Message_toId_fkey" FOREIGN KEY ("toId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ContactMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "nombre" TEXT NOT NULL,
    "correo" TEXT NOT NULL,
    "mensaje" TEXT NOT NULL,
    "ip" TEXT,
    "leidoEn" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "OutboxMail" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "sentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "actorId" TEXT,
    "action" TEXT NOT NULL,
    "targetType" TEXT,
    "targetId" TEXT,
    "detail" TEXT,
    "ip" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "User_correo_key" ON "User"("correo");

-- CreateIndex
CREATE INDEX "User_aprobado_createdAt_idx" ON "User"("aprobado", "createdAt");

-- CreateIndex
CREATE INDEX "User_rol_idx" ON "User"("rol");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");

-- CreateIndex
CREATE INDEX "Course_estado_cantidadParticipantes_idx" ON "Course"("estado", "cantidadParticipantes");

-- CreateIndex
CREATE INDEX "Course_estado_createdAt_idx" ON "Course"("estado", "createdAt");

-- CreateIndex
CREATE INDEX "Course_dirigidoA_estado_createdAt_idx" ON "Course"("dirigidoA", "estado", "createdAt");

-- CreateIndex
CREATE INDEX "Course_createdAt_idx" ON "Course"("createdAt");

-- CreateIndex
CREATE INDEX "Module_cursoId_posicion_idx" ON "Module"("cursoId", "posicion");

-- CreateIndex
CREATE UNIQUE INDEX "ModuleFile_storageKey_key" ON "ModuleFile"("storageKey");

-- CreateIndex
CREATE INDEX "ModuleFile_moduloId_posicion_idx" ON "ModuleFile"("moduloId", "posicion");

-- CreateIndex
CREATE INDEX "ModuleLink_moduloId_posicion_idx" ON "ModuleLink"("moduloId", "posicion");

-- CreateIndex
CREATE INDEX "QuizQuestion_moduloId_posicion_idx" ON "QuizQuestion"("moduloId", "posicion");

-- CreateIndex
CREATE INDEX "QuizOption_preguntaId_posicion_idx" ON "QuizOption"("preguntaId", "posicion");

-- CreateIndex
CREATE INDEX "Enrolment_cursoId_registradoEn_idx" ON "Enrolment"("cursoId", "registradoEn");

-- CreateIndex
CREATE INDEX "Enrolment_userId_registradoEn_idx" ON "Enrolment"("userId", "registradoEn");

-- CreateIndex
CREATE UNIQUE INDEX "Enrolment_userId_cursoId_key" ON "Enrolment"("userId", "cursoId");

-- CreateIndex
CREATE INDEX "QuizAttempt_userId_moduloId_createdAt_idx" ON "QuizAttempt"("userId", "moduloId", "createdAt");

-- CreateIndex
CREATE INDEX "QuizAttempt_userId_cursoId_idx" ON "QuizAttempt"("userId", "cursoId");

-- CreateIndex
CREATE INDEX "QuizAttempt_cursoId_idx" ON "QuizAttempt"("cursoId");

-- CreateIndex
CREATE INDEX "AttemptAnswer_intentoId_idx" ON "AttemptAnswer"("intentoId");

-- CreateIndex
CREATE INDEX "AttemptAnswer_preguntaId_idx" ON "AttemptAnswer"("preguntaId");

-- CreateIndex
CREATE INDEX "AttemptAnswer_opcionId_idx" ON "AttemptAnswer"("opcionId");

-- CreateIndex
CREATE UNIQUE INDEX "Certificate_codigo_key" ON "Certificate"("codigo");

-- CreateIndex
CREATE INDEX "Certificate_cursoId_idx" ON "Certificate"("cursoId");

-- CreateIndex
CREATE UNIQUE INDEX "Certificate_userId_cursoId_key" ON "Certificate"("userId", "cursoId");

-- CreateIndex
CREATE UNIQUE INDEX "Book_pdfKey_key" ON "Book"("pdfKey");

-- CreateIndex
CREATE INDEX "Book_createdAt_idx" ON "Book"("createdAt");

-- CreateIndex
CREATE INDEX "Book_title_idx" ON "Book"("title");

-- CreateIndex
CREATE INDEX "Message_toId_createdAt_idx" ON "Message"("toId", "createdAt");

-- CreateIndex
CREATE INDEX "Message_fromId_createdAt_idx" ON "Message"("fromId", "createdAt");

-- CreateIndex
CREATE INDEX "ContactMessage_createdAt_idx" ON "ContactMessage"("createdAt");

-- CreateIndex
CREATE INDEX "OutboxMail_status_nextAttemptAt_idx" ON "OutboxMail"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "OutboxMail_createdAt_idx" ON "OutboxMail"("createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_createdAt_idx" ON "AuditLog"("createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_action_createdAt_idx" ON "AuditLog"("action", "createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_actorId_idx" ON "AuditLog"("actorId");
