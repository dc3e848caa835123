#!/usr/bin/env bash
# Real X11 taps: run inside an X server (tests/window/run.sh starts it with xvfb-run). The
# game plays tests/window/taps_x11.ron, which only waits; this script sends the input with
# xdotool, as a player's hardware would: a click and a key whose press and release arrive
# back to back. Usage: tests/window/taps_x11.sh BINARY LOG
set -euo pipefail
bin=$1 log=$2
"$bin" play levels/first_blood.ron --script tests/window/taps_x11.ron >"$log" 2>&1 &
game=$!
trap 'kill $game 2>/dev/null || true' EXIT
# Wait (at most 5 minutes: the software renderer is slow to start) for a line of the log.
wait_for() {
    for _ in $(seq 600); do
        grep -q "$1" "$log" && return 0
        kill -0 $game 2>/dev/null || { echo "the game exited early" >&2; return 1; }
        sleep 0.5
    done
    echo "timed out waiting for '$1'" >&2
    return 1
}
# The window point of a tile, as the script printed it: "tile (x, y) is at window point (px, py)".
point_of() {
    grep -o "tile ($1) is at window point ([0-9.]*, [0-9.]*)" "$log" | tail -1 |
        sed 's/.*point (\([0-9.]*\), \([0-9.]*\))/\1 \2/' |
        awk '{ printf "%d %d", $1, $2 }'
}
wait_for "READY click"
window=$(xdotool search --name Skirmish | head -1)
# No window manager runs under Xvfb: give the window the keyboard focus first.
xdotool windowfocus "$window"
read -r x y <<<"$(point_of "2, 8")"
xdotool mousemove --window "$window" "$x" "$y"
sleep 0.5
xdotool click 1
wait_for "READY key"
read -r x y <<<"$(point_of "11, 2")"
xdotool mousemove --window "$window" "$x" "$y"
sleep 0.5
xdotool key 1
sleep 0.5
xdotool click 1
wait "$game"
trap - EXIT
