#!/usr/bin/env bash
# The end-to-end suite drives Debian's Chromium (Playwright cannot download browsers here).
# Installs it, and poppler-utils for reading PDFs back in tests, when missing.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
need=()
[ -x "$chromium_path" ] || need+=(chromium)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Faltan paquetes: ${need[*]}. Instálalos con: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
echo "Instalando ${need[*]} con apt-get…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
