#!/bin/bash
# One ported PyPTO system test (cases.py), run whole by ptoc-sim.
# usage: st_test.sh CASE PTOC PTOC_SIM
set -uo pipefail
py=/usr/bin/python3  # Debian's, with python3-numpy (tools/setup.sh)
if ! "$py" -c "import numpy" 2>/dev/null; then
  echo "SKIPPED: python3-numpy is not installed (tools/setup.sh)"
  [[ "${CI:-}" == "true" ]] && exit 1
  exit 0
fi
exec "$py" "$(dirname "$0")/run_case.py" "$@"
