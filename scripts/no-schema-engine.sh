#!/bin/sh
echo "The native Prisma schema engine is not used in this project." >&2
echo "Run migrations with: npm run db:migrate -- deploy | dev --name NAME | status | reset --force" >&2
exit 1
