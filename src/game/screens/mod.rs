//! What fills the window besides the map: the title and the level list (the screens of
//! `screen_state::GameScreen` without a battle), the menu pages over any screen (How to
//! play, the Esc menu, the settings), and a battle's full-screen moments (the hand-off
//! between players, "Red, your turn"; the reaction prompt for a side that is asked; the
//! victory screen); and what their buttons and keys do. How each looks is in
//! `layouts.rs`; the banner over the map (a broken level edit's problems, notices such as a
//! saved replay) is in `banner.rs`. While a screen is up, `UiState::blocked` keeps the map's
//! own controls (`controls/`) out.

mod banner;
mod choice;
pub use choice::{answer_label, maneuver_key};
mod effects;
mod help;
mod keys;
mod layouts;
pub use layouts::full_window_shade;
mod level_list;
mod pause;
use effects::screen_buttons;
mod thumbnail;

pub use crate::game::notice::Notice;

use super::autosave::Continuable;
use super::controls::Bindings;
use super::screen_state::GameScreen;
use super::settings::Settings;
use super::{
    ControlSystems, EndTurnConfirm, Matchup, Menu, Page, SaveReplayRequest, Seats, UiState,
};
use crate::battle::describe::Wording;
use crate::battle::events::{Command, Outcome, ReactionKind};
use crate::battle::preview::BattleView;
use crate::battle::{BattleLog, Rules};
use crate::rules::ruleset::ReactionPool;
use bevy::prelude::*;

/// Which side last took over the shared screen.
#[derive(Resource, Debug, Default)]
struct Handoff {
    acknowledged: Option<usize>,
}

/// What fills the screen now.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
enum Screen {
    #[default]
    None,
    Handoff {
        side: usize,
        unit: String,
    },
    Reaction(ReactionAsk),
    Choice(crate::rulebook::ChoiceAsk),
    Victory(Outcome),
    /// An End Turn that would throw away the unit's AP, asked first.
    ConfirmEnd {
        unit: String,
        ap: u32,
    },
    /// The front door, with the battle a Continue would take up.
    Title(Option<String>),
    /// The level list, with each side's seat as chosen and the title's matchup (a new
    /// choice shows it again).
    LevelSelect(Vec<(String, String)>, Matchup),
    HowToPlay,
    /// Esc's menu in a battle.
    /// The Esc menu; in a playtest (true) it offers the way back to the editor.
    Paused(bool),
    /// The settings page: each setting's button label.
    Settings(Vec<(String, pause::SettingKey)>),
    /// The saved battles to watch: each one's name and file.
    Battles(Vec<(String, std::path::PathBuf)>),
}

/// A side is asked whether its combatant takes a reaction.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ReactionAsk {
    reactor: String,
    side: usize,
    kind: ReactionKind,
    target: String,
    /// The reaction's odds, in words.
    odds: String,
    /// What it costs, in words: `1 RP`, `5 Vigor`.
    cost: String,
    /// Seed002: the maneuvers the Swift Attack may be instead (label, odds, answer).
    maneuvers: Vec<(String, String, Command)>,
}

/// What a screen button does.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
enum ScreenButton {
    Continue,
    Accept,
    Decline,
    Restart,
    /// The title's "Play vs computer" and "Two players": the level list, for that matchup.
    VsComputer,
    TwoPlayers,
    /// The title's first battle, a lesson (`levels/tutorial.ron`), as the level seats it.
    Tutorial,
    /// The level list's choices against the computer: the side the person plays (the
    /// level's first or second), and the computer's strength.
    YourSide,
    Strength,
    OpenLevels,
    HowToPlay,
    /// Back to the menu page under this one, or to the battle.
    Back,
    Load(String),
    /// The level select's seat button for a side: the next choice of who plays it.
    Seat(String),
    SaveReplay,
    Quit,
    /// An answer to a choice prompt.
    Answer(Command),
    /// The title's Continue: the battle in progress when the game last stopped.
    ContinueSaved,
    /// The End Turn asked about: given, or taken back.
    EndTurnAnyway,
    KeepActing,
    /// The title's "Watch a battle", and a battle of its list.
    OpenBattles,
    Watch(std::path::PathBuf),
    /// The menu's "Quit to the title" and "Settings", and a setting's button.
    ToTitle,
    /// The title's "Level editor" (`editor/` shows its own dialog).
    LevelEditor,
    OpenSettings,
    Setting(pause::SettingKey),
}

#[derive(Component)]
struct ScreenRoot;

/// A screen of the battle (a hand-off, a prompt, the victory): it speaks the words of the
/// rulebook in force.
#[derive(Component)]
struct BattleScreen;

/// Each new text of a battle screen in the rulebook's words (Energy, yards, Grapple).
fn word_battle_screens(
    rules: Res<Rules>,
    screens: Query<(), With<BattleScreen>>,
    parents: Query<&ChildOf>,
    mut texts: Query<(Entity, &mut Text), Added<Text>>,
) {
    let wording = Wording::of(&rules.0);
    for (e, mut text) in &mut texts {
        if parents.iter_ancestors(e).any(|a| screens.contains(a)) {
            let said = wording.say(&text.0);
            if said != text.0 {
                text.0 = said;
            }
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Menu>()
        .init_resource::<thumbnail::Thumbnails>()
        .init_resource::<Handoff>()
        .init_resource::<EndTurnConfirm>()
        .init_resource::<Notice>()
        .init_resource::<level_list::LevelListScroll>()
        .add_message::<SaveReplayRequest>()
        .add_systems(
            Update,
            (
                keys::screen_keys,
                screen_buttons,
                level_list::keep_level_list_scroll,
                // Which screen shows depends on the battle, the hand-off and the level list
                // alone: look again only when one of them changed.
                show_screen.run_if(
                    resource_changed::<BattleLog>
                        .or_eager(resource_changed::<Handoff>)
                        .or_eager(resource_changed::<Menu>)
                        .or_eager(resource_changed::<EndTurnConfirm>)
                        .or_eager(resource_changed::<Settings>)
                        .or_eager(resource_changed::<Continuable>)
                        .or_eager(resource_changed::<Seats>)
                        .or_eager(state_changed::<GameScreen>),
                ),
                word_battle_screens,
                banner::save_requests,
                banner::fade_notice,
                banner::error_banner,
            )
                .chain()
                .after(ControlSystems),
        );
}

/// The menu page on top, if one is open, else the screen's own page (the title, the level
/// list); `None` on the map's screens.
fn menu_screen(
    view: &BattleView,
    seats: &Seats,
    menu: &Menu,
    settings: &Settings,
    (continuable, screen, playtest): (&Continuable, GameScreen, bool),
) -> Option<Screen> {
    let Some(page) = menu.top() else {
        return match screen {
            GameScreen::Title => Some(Screen::Title(continuable.0.clone())),
            GameScreen::LevelSelect => Some(Screen::LevelSelect(
                seat_sides(&view.roster)
                    .into_iter()
                    .map(|side| (seats.label(&side), side))
                    .collect(),
                seats.matchup,
            )),
            GameScreen::Battle | GameScreen::Watching => None,
            // The editor draws its own panels and dialogs.
            GameScreen::Editor => Some(Screen::None),
        };
    };
    Some(match page {
        Page::HowToPlay => Screen::HowToPlay,
        Page::Paused => Screen::Paused(playtest),
        Page::Settings => Screen::Settings(pause::setting_rows(settings)),
        Page::Battles => Screen::Battles(crate::game::viewer::watchable()),
    })
}

/// The screen the battle calls for, with no menu page open.
fn battle_screen(
    view: &BattleView,
    seats: &Seats,
    handoff: &Handoff,
    confirm: &EndTurnConfirm,
    watching: bool,
) -> Screen {
    // A saved battle being watched shows no screen of its own (`viewer`'s bar steps it).
    if watching {
        return Screen::None;
    }
    if let Some(o) = &view.turn.outcome {
        return Screen::Victory(o.clone());
    }
    // The computer answers and acts for its sides without a screen.
    let person = |side: usize| seats.computer(&view.roster, side).is_none();
    if view.deciding_side().is_some_and(|s| !person(s)) {
        return Screen::None;
    }
    let snap = view.snapshot();
    let acting = view.acting().and_then(|e| snap.get(e));
    if let Some(me) = acting.filter(|u| confirm.0.as_deref() == Some(&*u.name)) {
        return Screen::ConfirmEnd {
            unit: me.name.to_string(),
            ap: me.ap,
        };
    }
    // A question answered on the map (a Seize's winner acting, a side acting out of turn)
    // gets no screen but its side's hand-off.
    if view
        .resolution
        .awaiting
        .as_ref()
        .is_some_and(|q| !q.on_map())
    {
        return reaction_ask(view)
            .map(Screen::Reaction)
            .or_else(|| choice::choice_ask(view).map(Screen::Choice))
            .unwrap_or(Screen::None);
    }
    // The hand-off passes the screen between people: with one person, there is none.
    let people = (0..view.roster.sides.len()).filter(|s| person(*s)).count();
    if let Some(u) = acting
        && handoff.acknowledged != Some(u.side)
        && people > 1
    {
        return Screen::Handoff {
            side: u.side,
            unit: u.name.to_string(),
        };
    }
    Screen::None
}

/// The side a person plays against the computer's, when one person plays.
fn the_one_person(view: &BattleView, seats: &Seats) -> Option<usize> {
    let people: Vec<usize> = (0..view.roster.sides.len())
        .filter(|s| seats.computer(&view.roster, *s).is_none())
        .collect();
    (people.len() == 1).then(|| people[0])
}

/// The side names of the battle being played, then those of the shipped levels, in order
/// of first appearance: the level select screen offers a seat choice for each.
fn seat_sides(roster: &crate::battle::Roster) -> Vec<String> {
    let catalog = crate::paths::load_catalog();
    let mut names: Vec<String> = roster.sides.iter().map(|s| s.name.clone()).collect();
    for f in crate::paths::level_files() {
        if let Ok(l) = crate::level::load_level(&f, &catalog) {
            for s in l.sides {
                if !names.contains(&s.name) {
                    names.push(s.name);
                }
            }
        }
    }
    names
}

/// The reaction the battle waits on, with its odds.
fn reaction_ask(view: &BattleView) -> Option<ReactionAsk> {
    let offer = view.resolution.awaiting.as_ref()?.offer()?;
    let snap = view.snapshot();
    let v = view.view(&snap);
    let (r, t) = (snap.get(offer.reactor)?, snap.get(offer.target)?);
    let book = v.ctx.rules.rulebook.book();
    let (mut odds, cost) = book
        .reaction_prompt(&v.ctx, &offer, view.resolution.stack.last())
        .unwrap_or_else(|| {
            (
                crate::battle::preview::reaction_preview(&v.ctx, &offer)
                    .map(|p| crate::game::odds_text::odds_summary(&p))
                    .unwrap_or_default(),
                reaction_cost(v.ctx.rules, offer.kind),
            )
        });
    let maneuvers = choice::swift_rows(&v, &offer);
    if !maneuvers.is_empty() {
        odds = format!("[1] or Y, Attack: {odds}");
    }
    Some(ReactionAsk {
        reactor: r.name.to_string(),
        side: r.side,
        kind: offer.kind,
        target: t.name.to_string(),
        odds,
        cost,
        maneuvers,
    })
}

/// The reaction prompt's buttons: take it, or not.
pub fn reaction_buttons(kind: ReactionKind) -> (&'static str, &'static str) {
    kind.words()
        .map_or(("Attack (Y)", "Let it go (N)"), |w| (w.accept, w.decline))
}

/// What taking a reaction costs under the rules in force, in words.
fn reaction_cost(rules: &crate::rules::ruleset::Ruleset, kind: ReactionKind) -> String {
    match &rules.reaction_pool {
        ReactionPool::PricedAp => {
            let action = rules.rulebook.book().reaction_action(kind);
            let cost = action.and_then(|a| rules.cost(a)).unwrap_or(0);
            format!("{cost} AP")
        }
        ReactionPool::Rp => "1 RP".into(),
        ReactionPool::SharedAp => "1 AP".into(),
        ReactionPool::Vigor => format!("{} Vigor", rules.rulebook.book().reaction_price(kind)),
    }
}

/// What the menu pages are made from: the level behind the title, the bindings for How to
/// play, the level list's thumbnails.
#[derive(bevy::ecs::system::SystemParam)]
struct MenuSources<'w> {
    menu: Res<'w, Menu>,
    bindings: Res<'w, Bindings>,
    thumbnails: ResMut<'w, thumbnail::Thumbnails>,
    images: ResMut<'w, Assets<Image>>,
    scroll: Res<'w, level_list::LevelListScroll>,
    continuable: Res<'w, Continuable>,
    state: Res<'w, State<GameScreen>>,
    start: Res<'w, crate::game::level_asset::StartLevel>,
    editor: Option<Res<'w, crate::game::editor::Editor>>,
}

impl MenuSources<'_> {
    /// The title's backdrop: the map of the level the game opened with, drawn from its
    /// thumbnail (none if the file cannot be read).
    fn backdrop(&mut self) -> Option<Handle<Image>> {
        let file = &self.start.file;
        let level = crate::level::load_level(file, crate::paths::cached_catalog()).ok()?;
        Some(self.thumbnails.of(file, &level, &mut self.images).0)
    }
}

/// Put up the screen the battle calls for, if it is not up already.
#[allow(clippy::too_many_arguments)]
fn show_screen(
    mut commands: Commands,
    view: BattleView,
    mut handoff: ResMut<Handoff>,
    mut sources: MenuSources,
    seats: Res<Seats>,
    log: Res<BattleLog>,
    roots: Query<Entity, With<ScreenRoot>>,
    mut ui: ResMut<UiState>,
    mut shown: Local<Screen>,
    mut battle: Local<u32>,
    mut confirm: ResMut<EndTurnConfirm>,
    settings: Res<Settings>,
) {
    // A new battle (restart, another level, a live edit) starts with a hand-off.
    if log.battle != *battle {
        *battle = log.battle;
        handoff.acknowledged = None;
    }
    let (menu, saved, state) = (&sources.menu, &sources.continuable, *sources.state.get());
    let playtest = sources.editor.as_ref().is_some_and(|e| e.playtesting);
    let screen = menu_screen(&view, &seats, menu, &settings, (saved, state, playtest))
        .unwrap_or_else(|| battle_screen(&view, &seats, &handoff, &confirm, ui.watching));
    // An End Turn asked about goes with its question: when the battle shows another screen
    // (its turn went on, or another battle came), it is dropped.
    let stale = !menu.is_open() && !matches!(screen, Screen::ConfirmEnd { .. });
    if confirm.0.is_some() && stale {
        confirm.0 = None;
    }
    let blocked = screen != Screen::None;
    if ui.blocked != blocked {
        ui.blocked = blocked;
    }
    if *shown == screen && (screen == Screen::None || !roots.is_empty()) {
        return;
    }
    *shown = screen.clone();
    for e in &roots {
        commands.entity(e).despawn();
    }
    if screen == Screen::None {
        return;
    }
    spawn_screen(&mut commands, &screen, state, &view, &seats, &mut sources);
}

/// Spawn the screen `screen`, scoped to the state `state`.
fn spawn_screen(
    commands: &mut Commands,
    screen: &Screen,
    state: GameScreen,
    view: &BattleView,
    seats: &Seats,
    sources: &mut MenuSources,
) {
    let root = spawn_root(commands, screen, state);
    if matches!(
        screen,
        Screen::Handoff { .. }
            | Screen::Reaction(_)
            | Screen::Choice(_)
            | Screen::Victory(_)
            | Screen::ConfirmEnd { .. }
    ) {
        commands.entity(root).insert(BattleScreen);
    }
    match screen {
        Screen::Handoff { side, unit } => layouts::handoff(commands, root, view, *side, unit),
        Screen::Reaction(ask) => layouts::reaction(commands, root, view, ask),
        Screen::Choice(ask) => choice::layout(commands, root, view, ask),
        Screen::Victory(outcome) => {
            let you = the_one_person(view, seats);
            let playtest = sources.editor.as_ref().is_some_and(|e| e.playtesting);
            layouts::victory(commands, root, view, outcome, (you, playtest))
        }
        Screen::ConfirmEnd { unit, ap } => pause::confirm_end(commands, root, unit, *ap),
        Screen::Paused(playtest) => pause::paused(commands, root, *playtest),
        Screen::Settings(rows) => pause::settings_page(commands, root, rows),
        Screen::Battles(files) => pause::watch_list(commands, root, files),
        Screen::Title(saved) => {
            let backdrop = sources.backdrop();
            layouts::title_screen(commands, root, saved.as_deref(), backdrop)
        }
        Screen::LevelSelect(buttons, _) => level_list::level_select(
            commands,
            root,
            buttons,
            seats,
            &sources.scroll,
            &mut sources.thumbnails,
            &mut sources.images,
        ),
        Screen::HowToPlay => layouts::how_to_play(
            commands,
            root,
            &help::how_to_play(&sources.bindings, &view.rules.0),
        ),
        Screen::None => {}
    }
}

/// The full-window root of a screen: darker for the hand-off and the menu pages, which hide
/// the map, than for the prompts over it, which leave the side panel free. It belongs to
/// the screen it is shown on.
fn spawn_root(commands: &mut Commands, screen: &Screen, state: GameScreen) -> Entity {
    let alpha = match screen {
        Screen::Handoff { .. } => 0.9,
        // Pages of words hide what is under them.
        Screen::LevelSelect(..) | Screen::HowToPlay | Screen::Battles(_) => 0.98,
        Screen::Settings(_) => 0.98,
        Screen::Title(_) | Screen::Paused(_) => 0.85,
        _ => 0.55,
    };
    // A prompt over the map is centred on the map, beside the side panel and its log.
    let over_the_map = matches!(
        screen,
        Screen::Victory(_) | Screen::Reaction(_) | Screen::Choice(_) | Screen::ConfirmEnd { .. }
    );
    let beside_panel = if over_the_map {
        crate::game::map_view::PANEL_WIDTH
    } else {
        0.0
    };
    let (mut node, shade) = full_window_shade(alpha);
    node.padding = UiRect::right(px(beside_panel));
    node.flex_direction = FlexDirection::Column;
    commands
        .spawn((
            node,
            shade,
            GlobalZIndex(10),
            ScreenRoot,
            DespawnOnExit(state),
        ))
        .id()
}
