//! A notice: a short message over the map (a saved battle, a settings file that could not
//! be read), which fades; `screens/banner.rs` shows it.

use bevy::prelude::*;

/// A short message over the map (where a battle was saved), which fades: shown for
/// `NOTICE_SECONDS`, fading out over the last `NOTICE_FADE_SECONDS`.
#[derive(Resource, Debug, Default)]
pub struct Notice {
    pub text: String,
    /// When it was put up (`Time::elapsed_secs`).
    pub since: f32,
    /// Whether it says why something was not done (shown in the colour of a refusal).
    pub refusal: bool,
}

/// How long a notice stays up, and the last part of it during which it fades.
pub const NOTICE_SECONDS: f32 = 6.0;
pub const NOTICE_FADE_SECONDS: f32 = 1.5;

impl Notice {
    /// Put up a notice now.
    pub fn say(&mut self, text: String, time: &Time) {
        self.text = text;
        self.since = time.elapsed_secs();
        self.refusal = false;
    }

    /// Put up a notice of something not done, and why.
    pub fn refuse(&mut self, text: String, time: &Time) {
        self.say(text, time);
        self.refusal = true;
    }

    /// How opaque it is `now`: 1 while shown, falling to 0 as it fades.
    pub fn opacity(&self, now: f32) -> f32 {
        ((self.since + NOTICE_SECONDS - now) / NOTICE_FADE_SECONDS).clamp(0.0, 1.0)
    }
}

/// Where a message for the player goes: said plainly, or as a refusal (something not
/// done, and why), which the banner shows in the refusal colour.
pub trait Tell {
    fn say(&mut self, text: String);
    fn refuse(&mut self, text: String);
}

/// The notice and the clock it is put up by, as a `Tell`.
pub struct NoticeBoard<'a> {
    pub notice: &'a mut Notice,
    pub time: &'a Time,
}

impl Tell for NoticeBoard<'_> {
    fn say(&mut self, text: String) {
        self.notice.say(text, self.time);
    }

    fn refuse(&mut self, text: String) {
        self.notice.refuse(text, self.time);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_stays_then_fades_out() {
        let notice = Notice {
            text: "Saved".into(),
            since: 10.0,
            refusal: false,
        };
        assert_eq!(notice.opacity(10.0), 1.0);
        assert_eq!(
            notice.opacity(10.0 + NOTICE_SECONDS - NOTICE_FADE_SECONDS),
            1.0
        );
        let halfway = 10.0 + NOTICE_SECONDS - NOTICE_FADE_SECONDS / 2.0;
        assert!((notice.opacity(halfway) - 0.5).abs() < 1e-4);
        assert_eq!(notice.opacity(10.0 + NOTICE_SECONDS), 0.0);
        assert_eq!(notice.opacity(100.0), 0.0);
    }
}
