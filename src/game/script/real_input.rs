//! Script steps played by real X11 input. The game cannot send itself X11 events, so the
//! step prints what to send (`X11 <n> click <x> <y>`, `X11 <n> key ctrl+s`, ...) and waits
//! until the driver outside (`tests/window/x11_drive.sh`, with `xdotool`) writes `<n>` to
//! the file `$SKIRMISH_X11_ACK` once it has sent it. The game then sees the input exactly as
//! it sees a player's mouse and keyboard.

use super::{Player, Progress, Script};
use crate::game::script_steps::RealInput;
use crate::rules::grid::Pos;
use bevy::prelude::*;

/// The environment variable naming the file the driver writes each request's number to.
pub const ACK_VAR: &str = "SKIRMISH_X11_ACK";

/// The requests printed for the driver, and the one awaited.
#[derive(Debug, Default)]
pub struct Asked {
    /// Requests printed so far.
    printed: u32,
    /// The request printed and not yet sent by the driver.
    awaiting: Option<u32>,
    /// Whether the step goes on once it is sent (a turn of the wheel towards a button).
    again: bool,
}

impl Player<'_, '_> {
    /// Ask the driver for one piece of input and wait until it is sent.
    pub(super) fn real_input(&mut self, s: &mut Script, input: &RealInput) -> Progress {
        let Ok(ack) = std::env::var(ACK_VAR) else {
            let message = format!("X11 steps need ${ACK_VAR} (tests/window/x11_drive.sh)");
            return self.fail(s, message);
        };
        if let Some(n) = s.real.awaiting {
            return self.await_driver(s, &ack, n);
        }
        let request = match self.request_of(s, input) {
            Ok(Some(r)) => r,
            Ok(None) => return Progress::NotYet,
            Err(message) => return self.fail(s, message),
        };
        s.real.printed += 1;
        let n = s.real.printed;
        println!("X11 {n} {request}");
        s.real.awaiting = Some(n);
        Progress::NotYet
    }

    /// Done once the driver has written `n` (or later) to its file.
    fn await_driver(&mut self, s: &mut Script, ack: &str, n: u32) -> Progress {
        let sent = std::fs::read_to_string(ack).ok();
        if sent.and_then(|t| t.trim().parse::<u32>().ok()) >= Some(n) {
            s.real.awaiting = None;
            if std::mem::take(&mut s.real.again) {
                return Progress::NotYet;
            }
            s.waited = 0;
            return Progress::Done;
        }
        self.keep_waiting(s, |_| format!("the X11 driver never sent request {n}"))
    }

    /// The request's words; none yet while its button has not shown or scrolls into view.
    fn request_of(&mut self, s: &mut Script, input: &RealInput) -> Result<Option<String>, String> {
        let at = |p: &Player, x: i32, y: i32| {
            let at = p.window_point(Pos::new(x, y));
            at.ok_or(format!("tile ({x}, {y}) is not on screen"))
        };
        Ok(Some(match input {
            RealInput::Button(label) => return Ok(self.button_request(s, label)),
            RealInput::Tile(x, y) => point("click", at(self, *x, *y)?),
            RealInput::Hover(x, y) => point("move", at(self, *x, *y)?),
            RealInput::Keys(keys) => format!("key {keys}"),
            RealInput::Type(text) => format!("type {text}"),
        }))
    }

    /// A click on the button showing `label`; a turn of the wheel over its list while the
    /// list hides it; none while no such button shows.
    fn button_request(&mut self, s: &mut Script, label: &str) -> Option<String> {
        let Some((centre, clip)) = self.button_centre(label) else {
            self.keep_waiting(s, |p| {
                let shown = p.button_texts();
                format!("no button shows `{label}`; buttons: {shown:?}")
            });
            return None;
        };
        match clip.filter(|c| !c.contains(centre)) {
            Some(clip) => {
                let over = Vec2::new(centre.x, clip.min.y.max(0.0) + 10.0);
                let way = if centre.y < clip.min.y { "up" } else { "down" };
                s.real.again = true;
                Some(format!("{} {way}", point("wheel", over)))
            }
            None => Some(point("click", centre)),
        }
    }
}

/// A request at a window point, in whole logical pixels.
fn point(what: &str, at: Vec2) -> String {
    format!("{what} {} {}", at.x.round(), at.y.round())
}
