//! Playtest: F5 (or P, or the button) starts a battle on the draft as it stands — the
//! level's seats, or one person against the computer as the settings choose — and the Esc
//! menu's "Back to the editor", or leaving the battle for the title any other way (its
//! end's buttons), comes back to the editor with the document and its undo history as
//! they were.

use super::{Editor, EditorAction};
use crate::battle::setup::BattleSetup;
use crate::game::level_asset::{CommandRecord, CurrentLevel, start_setup};
use crate::game::notice::Notice;
use crate::game::screen_state::GameScreen;
use crate::game::settings::Settings;
use crate::game::{Matchup, Seats};
use crate::level::sources::LevelSources;
use crate::rules::dice::DiceSource;
use bevy::prelude::*;

/// What a playtest's start says.
const PLAYTEST_NOTE: &str = "Playtest: Esc opens the menu with Back to the editor (once nothing is left for it to cancel); the battle's end returns there too";

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        start_playtest
            .after(super::actions::ActionSystems)
            .run_if(in_state(GameScreen::Editor)),
    )
    .add_systems(
        PostUpdate,
        title_is_the_editor.run_if(in_state(GameScreen::Battle)),
    )
    .add_systems(OnEnter(GameScreen::Title), back_from_the_title);
}

/// What a playtest sets up besides the editor.
#[derive(bevy::ecs::system::SystemParam)]
struct Battle<'w> {
    current: ResMut<'w, CurrentLevel>,
    record: ResMut<'w, CommandRecord>,
    seats: ResMut<'w, Seats>,
    settings: Res<'w, Settings>,
    next: ResMut<'w, NextState<GameScreen>>,
    notice: ResMut<'w, Notice>,
    time: Res<'w, Time>,
}

fn start_playtest(
    mut commands: Commands,
    mut actions: MessageReader<EditorAction>,
    mut editor: ResMut<Editor>,
    mut battle: Battle,
) {
    if !actions.read().any(|a| *a == EditorAction::Playtest) {
        return;
    }
    let Some(doc) = editor.doc.as_ref() else {
        return;
    };
    let Some(level) = doc.view().level.clone() else {
        let n = crate::editor::counted(doc.view().problems.len(), "problem");
        let text = format!("Cannot playtest: the level has {n} to fix first (listed on the right)");
        battle.notice.refuse(text, &battle.time);
        return;
    };
    let sources = LevelSources::gather(doc.text(), &level, &crate::paths::assets_dir());
    battle.current.file = doc.label();
    battle.current.sources = Some(std::sync::Arc::new(sources));
    // A level that names no seed rolls fresh dice each playtest, as each battle does.
    let dice = DiceSource::Seed(
        level
            .seed
            .unwrap_or_else(crate::game::level_asset::fresh_seed),
    );
    let setup = BattleSetup::new((*level).clone(), dice).with_level_policies();
    start_setup(
        &mut commands,
        &mut battle.current,
        &mut battle.record,
        setup,
    );
    // A playtest is not the player's battle to continue from the title.
    battle.current.watched = true;
    battle.current.playtest = true;
    battle.seats.overrides.clear();
    battle.seats.matchup = if editor.vs_computer {
        battle.settings.vs_computer()
    } else {
        Matchup::AsTheLevelSays
    };
    editor.playtesting = true;
    battle.notice.say(PLAYTEST_NOTE.into(), &battle.time);
    battle.next.set(GameScreen::Battle);
}

/// A playtest's battle left for the title (the victory screen's Title, the Esc menu's)
/// goes straight back to the editor: the title is never shown, not even for a frame.
/// Runs after every button of the frame, before the next frame's state transition.
fn title_is_the_editor(editor: Res<Editor>, mut next: ResMut<NextState<GameScreen>>) {
    let to_title = matches!(
        *next,
        NextState::Pending(GameScreen::Title) | NextState::PendingIfNeq(GameScreen::Title)
    );
    if editor.playtesting && to_title {
        next.set(GameScreen::Editor);
    }
}

/// A playtest left for the title some other way goes back to the editor.
fn back_from_the_title(editor: Res<Editor>, mut next: ResMut<NextState<GameScreen>>) {
    if editor.playtesting {
        next.set(GameScreen::Editor);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many times the title was entered.
    #[derive(Resource, Default)]
    struct TitleEntered(u32);

    #[test]
    fn a_playtests_title_is_the_editor_and_the_title_is_never_entered() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
            .insert_state(GameScreen::Battle)
            .init_resource::<TitleEntered>()
            .insert_resource(Editor {
                playtesting: true,
                ..default()
            })
            .add_systems(
                PostUpdate,
                title_is_the_editor.run_if(in_state(GameScreen::Battle)),
            )
            .add_systems(OnEnter(GameScreen::Title), |mut n: ResMut<TitleEntered>| {
                n.0 += 1
            })
            // The victory screen's Title, pressed in a frame's Update.
            .add_systems(
                Update,
                (|mut next: ResMut<NextState<GameScreen>>| {
                    NextState::set_if_neq(&mut next, GameScreen::Title)
                })
                .run_if(in_state(GameScreen::Battle)),
            );
        for _ in 0..3 {
            app.update();
        }
        let screen = *app.world().resource::<State<GameScreen>>().get();
        assert_eq!(screen, GameScreen::Editor);
        assert_eq!(app.world().resource::<TitleEntered>().0, 0);
    }
}
