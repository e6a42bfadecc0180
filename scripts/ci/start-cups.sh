#!/bin/sh
# Starts the CUPS scheduler for the printer tests if it is not running yet, and waits until it answers.
# Idempotent: safe to call when cupsd already runs. Needs root (CI runs as root) and the Debian "cups" package.
set -eu

if ! command -v lpstat >/dev/null 2>&1 || [ ! -x /usr/sbin/cupsd ]; then
  echo "start-cups: CUPS is not installed (apt-get install -y cups)" >&2
  exit 1
fi

if LC_ALL=C lpstat -r 2>/dev/null | grep -q "scheduler is running"; then
  echo "start-cups: cupsd already running"
  exit 0
fi

# Without systemd (containers) cupsd daemonizes itself; -C would need a path, the default config is fine.
/usr/sbin/cupsd

tries=0
until LC_ALL=C lpstat -r 2>/dev/null | grep -q "scheduler is running"; do
  tries=$((tries + 1))
  if [ "$tries" -ge 50 ]; then
    echo "start-cups: cupsd did not come up within 10 s" >&2
    exit 1
  fi
  sleep 0.2
done
echo "start-cups: cupsd running"
