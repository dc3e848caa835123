#!/usr/bin/env bash
# Continue after a crash, with a real SIGKILL (run under xvfb-run by run.sh): the first run
# plays a few commands, writes its state and is killed; the second starts on the title,
# takes Continue, and must reach the same state, line for line; a third starts another
# battle, which keeps the one offered among the saved battles.
# Usage: tests/window/continue.sh BINARY
set -euo pipefail
bin=$1
dir=out/window/continue
rm -rf "$dir"
mkdir -p "$dir"
export SKIRMISH_DATA="$dir/data" SKIRMISH_CONFIG="$dir/config"
"$bin" play levels/first_blood.ron --script tests/window/continue_before.ron >"$dir/before.log" 2>&1 &
pid=$!
for _ in $(seq 600); do
    grep -q "READY TO BE KILLED" "$dir/before.log" && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 1
done
if ! grep -q "READY TO BE KILLED" "$dir/before.log"; then
    echo "continue: the first run never got ready; log: $dir/before.log" >&2
    kill -9 "$pid" 2>/dev/null || true
    exit 1
fi
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
[ -s "$dir/data/autosave.ron" ] || { echo "continue: no autosave after the kill" >&2; exit 1; }
"$bin" --script tests/window/continue_after.ron >"$dir/after.log" 2>&1 ||
    { echo "continue: the second run failed; log: $dir/after.log" >&2; tail -20 "$dir/after.log" >&2; exit 1; }
diff "$dir/state-before.txt" "$dir/state-after.txt" ||
    { echo "continue: the continued battle differs from the killed one" >&2; exit 1; }
echo "continue: the continued battle is the killed one, line for line"
# Another battle started instead of the one offered keeps the offered one among the saved
# battles, whole, and autosaves itself.
cp "$dir/data/autosave.ron" "$dir/offered.ron"
"$bin" play levels/first_blood.ron --script tests/window/continue_another.ron >"$dir/another.log" 2>&1 ||
    { echo "continue: the third run failed; log: $dir/another.log" >&2; tail -20 "$dir/another.log" >&2; exit 1; }
kept=$(ls "$dir"/data/battles/unfinished-*.ron 2>/dev/null | head -1)
[ -n "$kept" ] && cmp -s "$kept" "$dir/offered.ron" && ! cmp -s "$dir/data/autosave.ron" "$dir/offered.ron" ||
    { echo "continue: the offered battle was not kept whole, or the new one not autosaved" >&2; exit 1; }
echo "continue: another battle keeps the one offered in $kept"
