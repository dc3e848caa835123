//! What a screen's button does: `ScreenEffects::apply`, for a click (`screen_buttons`) or
//! the key that stands for it (`screen_keys` in `mod.rs`).

use super::{Handoff, ScreenButton};
use crate::battle::events::Command;
use crate::battle::preview::BattleView;
use crate::game::autosave::ContinueBattle;
use crate::game::level_asset::{LoadLevel, RestartBattle};
use crate::game::screen_state::GameScreen;
use crate::game::settings::Settings;
use crate::game::viewer::WatchBattle;
use crate::game::{EndTurnConfirm, Matchup, Menu, Page, QuitRequest, SaveReplayRequest, Seats};
use crate::level::schema::AiLevel;
use bevy::prelude::*;

/// Everything a screen button may change.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct ScreenEffects<'w> {
    handoff: ResMut<'w, Handoff>,
    pub(super) menu: ResMut<'w, Menu>,
    pub(super) confirm: ResMut<'w, EndTurnConfirm>,
    seats: ResMut<'w, Seats>,
    settings: ResMut<'w, Settings>,
    commands: MessageWriter<'w, Command>,
    load: MessageWriter<'w, LoadLevel>,
    restart: MessageWriter<'w, RestartBattle>,
    save: MessageWriter<'w, SaveReplayRequest>,
    exit: MessageWriter<'w, QuitRequest>,
    continuing: MessageWriter<'w, ContinueBattle>,
    watch: MessageWriter<'w, WatchBattle>,
    screen: Res<'w, State<GameScreen>>,
    next: ResMut<'w, NextState<GameScreen>>,
}

/// The title's tutorial, as an asset path.
const TUTORIAL: &str = "levels://tutorial.ron";

/// The next strength of the computer: Easy, Normal, Hard, and round again.
fn stronger(level: AiLevel) -> AiLevel {
    match level {
        AiLevel::Easy => AiLevel::Normal,
        AiLevel::Normal => AiLevel::Hard,
        AiLevel::Hard => AiLevel::Easy,
    }
}

impl ScreenEffects<'_> {
    pub(super) fn apply(&mut self, action: &ScreenButton, view: &BattleView) {
        match action {
            ScreenButton::Continue => {
                let snap = view.snapshot();
                self.handoff.acknowledged = view.acting().and_then(|e| snap.get(e)).map(|u| u.side);
            }
            ScreenButton::Accept | ScreenButton::Decline => {
                if let Some(offer) = view.resolution.awaiting.as_ref().and_then(|q| q.offer()) {
                    self.commands.write(Command::AnswerReaction {
                        reactor: view.roster.name(offer.reactor).to_string(),
                        accept: *action == ScreenButton::Accept,
                        maneuver: None,
                    });
                }
            }
            ScreenButton::VsComputer | ScreenButton::TwoPlayers => {
                self.seats.matchup = match action {
                    ScreenButton::TwoPlayers => Matchup::TwoPlayers,
                    _ => self.settings.vs_computer(),
                };
                self.seats.overrides.clear();
                NextState::set_if_neq(&mut self.next, GameScreen::LevelSelect);
            }
            ScreenButton::YourSide | ScreenButton::Strength => {
                // The choice holds for the next battles, and the next runs.
                if let Matchup::VsComputer { you, strength } = &mut self.seats.matchup {
                    match action {
                        ScreenButton::YourSide => *you = (*you + 1) % 2,
                        _ => *strength = stronger(*strength),
                    }
                    self.settings.you = *you;
                    self.settings.strength = *strength;
                }
            }
            ScreenButton::Seat(side) => self.seats.cycle(side),
            ScreenButton::Answer(cmd) => {
                self.commands.write(cmd.clone());
            }
            ScreenButton::EndTurnAnyway => {
                if let Some(unit) = self.confirm.0.take() {
                    self.commands.write(Command::EndTurn { unit });
                }
            }
            ScreenButton::KeepActing => self.confirm.0 = None,
            page => self.go(page),
        }
    }

    /// The menu pages' buttons: where they lead, and what they start.
    fn go(&mut self, action: &ScreenButton) {
        match action {
            ScreenButton::Restart => {
                self.menu.close();
                self.restart.write(RestartBattle);
            }
            ScreenButton::ToTitle => {
                self.menu.close();
                NextState::set_if_neq(&mut self.next, GameScreen::Title);
            }
            ScreenButton::OpenSettings => self.menu.toggle(Page::Settings),
            ScreenButton::LevelEditor => {
                self.menu.close();
                NextState::set_if_neq(&mut self.next, GameScreen::Editor);
            }
            ScreenButton::OpenBattles => self.menu.toggle(Page::Battles),
            ScreenButton::Watch(path) => {
                self.watch.write(WatchBattle(path.clone()));
            }
            ScreenButton::ContinueSaved => {
                self.continuing.write(ContinueBattle);
            }
            ScreenButton::Setting(key) => super::pause::change(&mut self.settings, *key),
            ScreenButton::OpenLevels => {
                // The title's "Choose a battle": each side as the level says.
                if *self.screen.get() == GameScreen::Title {
                    self.seats.matchup = Matchup::AsTheLevelSays;
                }
                NextState::set_if_neq(&mut self.next, GameScreen::LevelSelect);
            }
            ScreenButton::HowToPlay => self.menu.toggle(Page::HowToPlay),
            // Back closes the page on top; with none, the level list goes back to the title.
            ScreenButton::Back if self.menu.is_open() => self.menu.back(),
            ScreenButton::Back => NextState::set_if_neq(&mut self.next, GameScreen::Title),
            ScreenButton::Tutorial => {
                self.seats.matchup = Matchup::AsTheLevelSays;
                self.seats.overrides.clear();
                self.go(&ScreenButton::Load(TUTORIAL.into()));
            }
            ScreenButton::Load(path) => {
                self.menu.close();
                self.load.write(LoadLevel {
                    asset_path: path.clone(),
                });
                NextState::set_if_neq(&mut self.next, GameScreen::Battle);
            }
            ScreenButton::SaveReplay => {
                self.save.write(SaveReplayRequest);
            }
            ScreenButton::Quit => {
                self.exit.write(QuitRequest);
            }
            _ => {}
        }
    }
}

pub(super) fn screen_buttons(
    buttons: Query<(&Interaction, &ScreenButton), Changed<Interaction>>,
    view: BattleView,
    mut effects: ScreenEffects,
) {
    for (i, action) in &buttons {
        if *i == Interaction::Pressed {
            effects.apply(action, &view);
        }
    }
}
