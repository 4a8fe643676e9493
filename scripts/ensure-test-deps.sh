#!/usr/bin/env bash
# What the test suite needs from Debian, installed when missing: Chromium's headless shell for the
# end-to-end suite and the full Chromium for its PDF viewer (Playwright cannot download browsers
# here), poppler-utils to read PDFs back, and
# PostgreSQL's server binaries for the PostgreSQL data-layer test (a throwaway local cluster),
# and nginx for the scale-out test's load balancer.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
need=()
[ -x "$chromium_path" ] || need+=(chromium)
[ -x "${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/lib/chromium/chromium-headless-shell}" ] || need+=(chromium-headless-shell)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || command -v pg_ctl >/dev/null 2>&1 || need+=(postgresql)
command -v nginx >/dev/null 2>&1 || need+=(nginx-light) # the balancer of the scale-out test
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Faltan paquetes: ${need[*]}. Instálalos con: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
echo "Instalando ${need[*]} con apt-get…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
