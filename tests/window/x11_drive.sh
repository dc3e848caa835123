#!/usr/bin/env bash
# Drive the game with real X11 input: run inside an X server (tests/window/run.sh starts it
# with xvfb-run). The game plays a script whose `X11(...)` steps print what to send, as
# `X11 <n> click|move|wheel <x> <y> [up|down]`, `X11 <n> key <keys>` or `X11 <n> type <text>`
# (window points in pixels); this script sends each with xdotool, as a player's mouse and
# keyboard would, then writes <n> to $SKIRMISH_X11_ACK so the game goes on. It exits with the
# game's status, after printing the game's log. Usage: tests/window/x11_drive.sh LOG BINARY ARGS...
set -euo pipefail
log=$1
shift
ack=$(mktemp)
export SKIRMISH_X11_ACK=$ack
"$@" >"$log" 2>&1 &
game=$!
trap 'kill $game 2>/dev/null || true; rm -f "$ack"' EXIT
window=""
done_n=0
# The window, once it is mapped; no window manager runs under Xvfb, so give it the focus.
find_window() {
    [ -n "$window" ] && return 0
    window=$(xdotool search --name Skirmish 2>/dev/null | head -1 || true)
    [ -n "$window" ] && xdotool windowfocus "$window"
}
send() {
    local what=$1
    shift
    case $what in
    click | move | wheel)
        xdotool mousemove --window "$window" "$1" "$2"
        sleep 0.3
        case $what in
        click) xdotool click 1 ;;
        wheel) if [ "$3" = up ]; then xdotool click 4; else xdotool click 5; fi ;;
        esac
        ;;
    key) xdotool key --window "$window" --clearmodifiers "$@" ;;
    type) xdotool type --delay 60 "$*" ;;
    *) echo "x11_drive: unknown request '$what'" >&2 && return 1 ;;
    esac
}
while kill -0 $game 2>/dev/null; do
    next=$(grep -a "^X11 $((done_n + 1)) " "$log" | head -1 || true)
    if [ -n "$next" ]; then
        find_window
        read -r _ n what rest <<<"$next"
        # shellcheck disable=SC2086 # the request's words are the arguments
        send "$what" $rest
        sleep 0.3
        echo "$n" >"$ack"
        done_n=$n
    else
        sleep 0.1
    fi
done
trap - EXIT
rm -f "$ack"
status=0
wait $game || status=$?
cat "$log"
exit $status
