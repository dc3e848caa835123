//! `play --frame-stats N`: the CPU time of each frame's main schedule (every schedule Bevy's
//! `Main` runs, `First` to `Last`; rendering, which runs after it, is not counted), over N
//! frames once the battle is on screen, and of each of those schedules (`Update` holds the
//! game's own systems). It prints the mean, the 95th percentile and the most, then quits.

use super::level_asset::CurrentLevel;
use bevy::app::MainScheduleOrder;
use bevy::ecs::schedule::{InternedScheduleLabel, ScheduleLabel};
use bevy::prelude::*;
use std::time::{Duration, Instant};

/// A schedule that only reads the clock: mark `i` runs before the `i`th schedule of the
/// main order, and the last one after `Last`.
#[derive(ScheduleLabel, Clone, Debug, PartialEq, Eq, Hash)]
struct Mark(usize);

/// The frames measured so far.
#[derive(Resource, Debug)]
struct FrameClock {
    wanted: u32,
    /// The main order's schedules, between the marks.
    names: Vec<String>,
    /// This frame's mark times.
    marks: Vec<Option<Instant>>,
    /// Per schedule, per frame (a frame's whole is their sum).
    schedules: Vec<Vec<Duration>>,
    printed: bool,
}

impl FrameClock {
    /// Frames measured so far.
    fn measured(&self) -> usize {
        self.schedules.first().map_or(0, Vec::len)
    }
}

/// Mean, 95th percentile (nearest rank) and most of some durations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    pub mean: Duration,
    pub p95: Duration,
    pub max: Duration,
}

/// The summary of `samples`, or `None` when there are none.
pub fn summarize(samples: &[Duration]) -> Option<Summary> {
    let n = u32::try_from(samples.len()).ok().filter(|&n| n > 0)?;
    let mut sorted = samples.to_vec();
    sorted.sort();
    let rank = (sorted.len() * 95).div_ceil(100);
    Some(Summary {
        mean: sorted.iter().sum::<Duration>() / n,
        p95: sorted[rank - 1],
        max: sorted[sorted.len() - 1],
    })
}

/// Measure `frames` frames (nothing when `None`).
pub struct FrameStatsPlugin {
    pub frames: Option<u32>,
}

impl Plugin for FrameStatsPlugin {
    fn build(&self, app: &mut App) {
        let Some(wanted) = self.frames else {
            return;
        };
        let labels: Vec<InternedScheduleLabel> =
            app.world().resource::<MainScheduleOrder>().labels.clone();
        let mut order = app.world_mut().resource_mut::<MainScheduleOrder>();
        order.labels = labels
            .iter()
            .enumerate()
            .flat_map(|(i, label)| [Mark(i).intern(), *label])
            .chain([Mark(labels.len()).intern()])
            .collect();
        for i in 0..labels.len() {
            app.init_schedule(Mark(i))
                .add_systems(Mark(i), move |mut c: ResMut<FrameClock>| {
                    c.marks[i] = Some(Instant::now());
                });
        }
        // The last mark reads the clock itself, then records the frame.
        app.init_schedule(Mark(labels.len()))
            .add_systems(Mark(labels.len()), end_frame);
        app.insert_resource(FrameClock {
            wanted,
            names: labels.iter().map(|l| format!("{l:?}")).collect(),
            marks: vec![None; labels.len() + 1],
            schedules: vec![Vec::with_capacity(wanted as usize); labels.len()],
            printed: false,
        });
    }
}

/// Record the frame (once the battle is on screen), and print and quit after the last.
fn end_frame(
    mut clock: ResMut<FrameClock>,
    level: Res<CurrentLevel>,
    mut exits: ResMut<Messages<AppExit>>,
) {
    if let Some(last) = clock.marks.last_mut() {
        *last = Some(Instant::now());
    }
    // A script's `Exit` (or the window closing) may end the run first.
    let quitting = !exits.is_empty();
    let marks: Option<Vec<Instant>> = clock.marks.iter().copied().collect();
    if let (Some(marks), Some(_)) = (marks, &level.level)
        && clock.measured() < clock.wanted as usize
    {
        for (i, pair) in marks.windows(2).enumerate() {
            clock.schedules[i].push(pair[1] - pair[0]);
        }
    }
    let done = clock.measured() >= clock.wanted as usize;
    if (done || quitting) && !clock.printed {
        clock.printed = true;
        let frames: Vec<Duration> = (0..clock.measured())
            .map(|f| clock.schedules.iter().map(|s| s[f]).sum())
            .collect();
        println!("{}", report(&frames, &clock.names, &clock.schedules));
        if !quitting {
            exits.write(AppExit::Success);
        }
    }
}

fn report(frames: &[Duration], names: &[String], schedules: &[Vec<Duration>]) -> String {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let line = |s: Summary| {
        format!(
            "mean {:.2} ms, p95 {:.2} ms, max {:.2} ms",
            ms(s.mean),
            ms(s.p95),
            ms(s.max)
        )
    };
    let Some(whole) = summarize(frames) else {
        return "frame stats: no frame was measured (the battle never came on screen)".into();
    };
    let mut out = format!(
        "frame stats: {} frames; main schedule CPU time per frame (rendering excluded): {}",
        frames.len(),
        line(whole)
    );
    for (name, samples) in names.iter().zip(schedules) {
        if let Some(s) = summarize(samples) {
            out += &format!("\n  {name}: {}", line(s));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_is_the_mean_the_nearest_rank_95th_percentile_and_the_most() {
        let ms = Duration::from_millis;
        let samples: Vec<Duration> = (1..=100).rev().map(ms).collect();
        let s = summarize(&samples).unwrap();
        assert_eq!(s.mean, Duration::from_micros(50_500));
        assert_eq!(s.p95, ms(95));
        assert_eq!(s.max, ms(100));
        let one = summarize(&[ms(7)]).unwrap();
        assert_eq!((one.mean, one.p95, one.max), (ms(7), ms(7), ms(7)));
        assert_eq!(summarize(&[]), None);
        assert!(report(&[], &[], &[]).contains("no frame was measured"));
        let text = report(&[ms(3)], &["Update".into()], &[vec![ms(1)]]);
        assert!(text.contains("per frame (rendering excluded): mean 3.00 ms, p95 3.00 ms"));
        assert!(text.contains("\n  Update: mean 1.00 ms"), "{text}");
    }
}
