//! The registry's tests: finding, registering and refusing rulebooks, and the names their
//! own commands, events, refusals, actions and reactions take.

use super::*;
use crate::rulebook::{Computer, Hud, Play};

#[test]
fn a_rulebooks_own_action_and_reaction_are_written_by_name_and_worded_by_it() {
    use crate::rules::actions::{ActionKind, ReactionKind};
    let breath = seed002::action_names::CATCH_BREATH;
    assert_eq!(ron::to_string(&breath).unwrap(), "CatchBreath");
    assert_eq!(ron::to_string(&ActionKind::TakeCover).unwrap(), "TakeCover");
    assert_eq!(ron::from_str::<ActionKind>("CatchBreath").unwrap(), breath);
    assert_eq!(
        ron::from_str::<ActionKind>("Ready").unwrap(),
        ActionKind::Ready
    );
    assert_eq!(breath.label(), "Catch Your Breath");
    assert_eq!(format!("{breath:?}"), "CatchBreath");
    assert!(seed003::action_names::IGNORE.targets_unit());
    assert!(!seed003::action_names::DASH.targets_unit());
    let seize = seed002::action_names::SEIZE_REACTION;
    assert_eq!(ron::to_string(&seize).unwrap(), "Seize");
    assert_eq!(ron::from_str::<ReactionKind>("Seize").unwrap(), seize);
    assert_eq!(
        ron::from_str::<ReactionKind>("Opportunity").unwrap(),
        ReactionKind::Opportunity
    );
    assert_eq!(seize.words().map(|w| w.accept), Some("Seize (Y)"));
    assert_eq!(ReactionKind::Swift.words(), None);
}

#[test]
fn each_built_in_rulebook_is_found_by_its_name_and_its_ruleset_carries_it() {
    for book in all() {
        assert!(same(find(book.name()).unwrap(), book));
        assert_eq!(book.ruleset().rulebook, book.id(), "{}", book.name());
    }
    assert!(find("Seed009").is_none());
}

#[test]
fn a_name_is_taken_once() {
    struct Again;
    impl Rulebook for Again {
        fn name(&self) -> &'static str {
            "Core"
        }

        fn summary(&self) -> &'static str {
            "Core again"
        }

        fn ruleset(&self) -> crate::rules::ruleset::Ruleset {
            Default::default()
        }
    }

    impl Play for Again {}

    impl Hud for Again {}

    impl Computer for Again {}
    assert!(register(&Again).unwrap_err().contains("`Core`"));
    struct Unnamed;
    impl Rulebook for Unnamed {
        fn name(&self) -> &'static str {
            "My rules"
        }

        fn summary(&self) -> &'static str {
            "a name no level can write"
        }

        fn ruleset(&self) -> crate::rules::ruleset::Ruleset {
            Default::default()
        }
    }

    impl Play for Unnamed {}

    impl Hud for Unnamed {}

    impl Computer for Unnamed {}
    assert!(
        register(&Unnamed)
            .unwrap_err()
            .contains("`My rules` is not")
    );
    assert_eq!(register(&self::core::Core), Ok(()));
    assert_eq!(all().len(), BUILT_IN.len());
}

#[test]
fn a_level_field_the_core_has_is_refused() {
    struct Tough;
    impl Rulebook for Tough {
        crate::level_fields!(stat_fields, read_stat; vitality: i64);

        fn name(&self) -> &'static str {
            "Tough"
        }

        fn summary(&self) -> &'static str {
            "a rulebook that reads the core's vitality as its own"
        }

        fn ruleset(&self) -> crate::rules::ruleset::Ruleset {
            crate::rules::ruleset::Ruleset {
                rulebook: RulebookId("Tough"),
                ..Default::default()
            }
        }
    }

    impl Play for Tough {}

    impl Hud for Tough {}

    impl Computer for Tough {}
    let refused = register(&Tough).unwrap_err();
    assert!(refused.contains("stat block field `vitality`"), "{refused}");
    for book in BUILT_IN {
        assert_eq!(level_fields_free(book), Ok(()), "{}", book.name());
    }
}

#[test]
fn a_command_event_or_refusal_name_is_taken_once() {
    type Names = &'static [&'static str];
    struct Kneeler(Names, Names, Names);
    impl Rulebook for Kneeler {
        fn name(&self) -> &'static str {
            "Kneeler"
        }

        fn summary(&self) -> &'static str {
            "a rulebook whose command takes a name already taken"
        }

        fn ruleset(&self) -> crate::rules::ruleset::Ruleset {
            crate::rules::ruleset::Ruleset {
                rulebook: RulebookId("Kneeler"),
                ..Default::default()
            }
        }

        fn commands(&self) -> &'static [&'static str] {
            self.0
        }

        fn events(&self) -> &'static [&'static str] {
            self.1
        }

        fn refusals(&self) -> &'static [&'static str] {
            self.2
        }
    }

    impl Play for Kneeler {}

    impl Hud for Kneeler {}

    impl Computer for Kneeler {}
    static SEED002S: Kneeler = Kneeler(&["Kneel"], &[], &[]);
    static CORES: Kneeler = Kneeler(&["Rest", "Move"], &[], &[]);
    static GUARDS: Kneeler = Kneeler(&["Rest"], &["GuardRolled"], &[]);
    static MOVES: Kneeler = Kneeler(&["Rest"], &["Moved"], &[]);
    static STAMINAS: Kneeler = Kneeler(&["Rest"], &[], &["NoStamina"]);
    static TURNS: Kneeler = Kneeler(&["Rest"], &[], &["NoTurn"]);
    let taken = |book| register(book).unwrap_err();
    assert!(taken(&SEED002S).contains("the command `Kneel` of `Kneeler`"));
    assert!(taken(&CORES).contains("the command `Move`"));
    assert!(taken(&GUARDS).contains("the event `GuardRolled` of `Kneeler`"));
    assert!(taken(&MOVES).contains("the event `Moved`"));
    assert!(taken(&STAMINAS).contains("the refusal `NoStamina` of `Kneeler` is already a"));
    assert!(taken(&TURNS).contains("the refusal `NoTurn`"));
    assert!(same(refusing("NoStamina").unwrap(), &seed002::Seed002));
    assert!(refusing("NoTurn").is_none(), "the core's own");
    assert!(same(eventing("GuardRolled").unwrap(), &seed004::Seed004));
    assert!(eventing("Moved").is_none(), "the core's own");
    assert!(find("Kneeler").is_none(), "neither was registered");
    assert!(same(commanding("Kneel").unwrap(), &seed002::Seed002));
    assert!(commanding("Move").is_none(), "the core's own");
}

#[test]
fn an_own_action_or_reaction_name_is_taken_once() {
    use crate::rules::actions::{
        ActionKind, ActionWords, OwnAction, OwnReaction, ReactionKind, ReactionWords,
    };
    struct Namer(&'static [ActionWords], &'static [ReactionWords]);
    impl Rulebook for Namer {
        fn name(&self) -> &'static str {
            "Namer"
        }

        fn summary(&self) -> &'static str {
            "a rulebook whose own action or reaction takes a name already taken"
        }

        fn ruleset(&self) -> crate::rules::ruleset::Ruleset {
            crate::rules::ruleset::Ruleset {
                rulebook: RulebookId("Namer"),
                ..Default::default()
            }
        }

        fn action_words(&self) -> &'static [ActionWords] {
            self.0
        }

        fn reaction_words(&self) -> &'static [ReactionWords] {
            self.1
        }
    }

    impl Play for Namer {}

    impl Hud for Namer {}

    impl Computer for Namer {}
    const fn act(name: &'static str) -> ActionWords {
        ActionWords {
            action: ActionKind::Own(OwnAction(name)),
            label: name,
            targets_unit: false,
        }
    }
    const fn react(name: &'static str) -> ReactionWords {
        ReactionWords::plain(ReactionKind::Own(OwnReaction(name)), name, "Y", "N")
    }
    static COUPS: Namer = Namer(&[act("Rest"), act("Coup")], &[]);
    static ATTACKS: Namer = Namer(&[act("Attack")], &[]);
    static SEIZES: Namer = Namer(&[], &[react("Seize")]);
    static SWIFTS: Namer = Namer(&[], &[react("Swift")]);
    let taken = |book| register(book).unwrap_err();
    assert!(taken(&COUPS).contains("the action `Coup` of `Namer` is already"));
    assert!(taken(&ATTACKS).contains("the action `Attack`"));
    assert!(taken(&SEIZES).contains("the reaction `Seize` of `Namer`"));
    assert!(taken(&SWIFTS).contains("the reaction `Swift`"));
    assert!(find("Namer").is_none(), "none was registered");
    for book in BUILT_IN {
        let others: Vec<_> = BUILT_IN
            .iter()
            .copied()
            .filter(|b| !same(*b, book))
            .collect();
        assert_eq!(own_names_free(book, &others), Ok(()), "{}", book.name());
    }
}

/// What each built-in rulebook derives, for the probe's template (which sets none of
/// their statistics: vitality 27, evasion 16, armor 2, movement 4, initiative 3, might 6,
/// agility 5, a melee blade of hit 4), of each of its whole-number stat fields, in the
/// order its `stat_fields` lists them (presets/SeedNNN.md, "Stats and templates").
const DERIVED: [(&str, &[(&str, i64)]); 5] = [
    (
        "Seed000",
        &[
            ("endurance", 0),
            ("will", 0),
            ("stealth", 5),
            ("perception", 0),
        ],
    ),
    (
        "Seed001",
        &[
            ("dodge", 6),
            ("parry", 4),
            ("block", 4),
            ("block_rating", 0),
            ("focus", 3),
        ],
    ),
    (
        "Seed002",
        &[
            ("melee_evasion", 13),
            ("ranged_evasion", 2),
            ("guard", 1),
            ("fortitude", 13),
            ("coverage", 12),
            ("stamina", 10),
            ("max_agility", 3),
            ("speed", 8),
        ],
    ),
    (
        "Seed003",
        &[
            ("speed", 1),
            ("move_rate", 10),
            ("vit", 1),
            ("persona", 0),
            ("stamina", 11),
            ("ranged_evasion", 16),
        ],
    ),
    (
        "Seed004",
        &[
            ("durability", 27),
            ("health", 14),
            ("guard", 17),
            ("armor_durability", 10),
            ("vigor", 20),
            ("stamina", 15),
            ("durability_recovery", 0),
            ("agility_dice", 2),
            ("speed_dice", 2),
            ("strength_dice", 2),
            ("skill_dice", 2),
            ("initiative_dice", 1),
            ("medicine_dice", 1),
        ],
    ),
];

/// The resolved statistics of a unit of `template` ("probe", or "archer": a bow only) in a
/// level under `preset`, with the unit's `overrides` (`""`: none).
fn probe_stats(preset: &str, template: &str, overrides: &str) -> crate::rules::unit::Stats {
    let text = format!(
        r#"(
    name: "Probe",
    rules: (preset: {preset}),
    legend: {{ '.': "grass" }},
    map: ["....", "...."],
    sides: [(name: "Blue"), (name: "Red")],
    weapons: {{
        "blade": (kind: Melee, hit: 4, damage: "1d6+1"),
        "bow": (kind: Ranged, hit: 2, damage: "1d6", range: (6, 12)),
    }},
    templates: {{
        "probe": (vitality: 27, evasion: 16, armor: 2, movement: 4, initiative: 3, might: 6, agility: 5, weapons: ["blade"]),
        "archer": (vitality: 15, evasion: 12, movement: 3, agility: 2, weapons: ["bow"]),
    }},
    units: [
        (name: "P", side: "Blue", template: "{template}", pos: (0, 0){overrides}),
        (name: "Q", side: "Red", template: "probe", pos: (3, 1)),
    ],
)"#
    );
    let level =
        crate::level::parse_level("probe.ron", text.as_bytes(), crate::paths::cached_catalog())
            .unwrap_or_else(|p| panic!("{p:?}\n{text}"));
    level.units[0].stats.clone()
}

#[test]
fn each_rulebook_gives_the_value_its_battle_uses_of_each_whole_number_statistic() {
    for book in BUILT_IN {
        let whole: Vec<&str> = (book.stat_fields().iter().copied())
            .filter(|f| crate::editor::units::is_number(book, f))
            .collect();
        let table = DERIVED.iter().find(|(name, _)| *name == book.name());
        let derived = table.map_or(&[][..], |(_, fields)| *fields);
        let listed: Vec<&str> = derived.iter().map(|(f, _)| *f).collect();
        assert_eq!(listed, whole, "{}: the table lists each field", book.name());
        let plain = probe_stats(book.name(), "probe", "");
        for &(field, value) in derived {
            let shown = book.stat_value(field, &plain);
            assert_eq!(shown, Some(value), "{} {field}: derived", book.name());
            // Set by the level: the set value, one no other field derives.
            let (low, high) = crate::level::stat_bounds_of(field, book).unwrap();
            let set = ((value + 1..=high).chain((low..value).rev()))
                .find(|v| (low..=high).contains(v) && derived.iter().all(|(_, d)| d != v))
                .unwrap();
            let stats = probe_stats(
                book.name(),
                "probe",
                &format!(", overrides: ({field}: {set})"),
            );
            let shown = book.stat_value(field, &stats);
            assert_eq!(shown, Some(set), "{} {field}: set to {set}", book.name());
        }
    }
}

#[test]
fn a_statistic_a_rulebook_does_not_read_or_a_combatant_lacks_has_no_value() {
    let stats = probe_stats("Seed000", "probe", "");
    assert_eq!(
        core::Core.stat_value("stealth", &stats),
        None,
        "Core reads none"
    );
    assert_eq!(seed000::Seed000.stat_value("dodge", &stats), None);
    assert_eq!(seed000::Seed000.stat_value("stealth", &stats), Some(5));
    // Seed001's parry needs a held melee weapon; its block then is 0.
    let archer = probe_stats("Seed001", "archer", "");
    assert_eq!(seed001::Seed001.stat_value("parry", &archer), None);
    assert_eq!(seed001::Seed001.stat_value("block", &archer), Some(0));
    assert_eq!(seed001::Seed001.stat_value("dodge", &archer), Some(2));
}
